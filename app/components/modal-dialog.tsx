/**
 * A dialog rendered open by the server, so it shows without JavaScript (as an overlay in the page). Once
 * JavaScript runs it becomes a true modal (showModal: focus moves in and stays in, the page behind is inert,
 * Escape closes it through `onClose`).
 */
import { useEffect, useRef, type ReactNode } from "react";

export function ModalDialog({
  titleId,
  descriptionId,
  role,
  className,
  onClose,
  closeOnOutsideClick = false,
  children,
}: {
  titleId: string;
  descriptionId?: string;
  /** "alertdialog" for a warning the user must acknowledge */
  role?: "alertdialog";
  className?: string;
  onClose: () => void;
  /** a click on the backdrop closes it too (the dialog's own box must be filled by its content, without padding) */
  closeOnOutsideClick?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
  }, []);
  return (
    // Escape closes through onCancel; a click on the backdrop is a pointer extra, not the only way out.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      open
      role={role}
      className={className ? `modal-dialog ${className}` : "modal-dialog"}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (closeOnOutsideClick && event.target === event.currentTarget) onClose();
      }}
    >
      {children}
    </dialog>
  );
}
