/** A full-screen status over the page while something the user started is on its way (styles: .pending-overlay in app.css). */
export function PendingOverlay({ message }: { message: string }) {
  return (
    <p className="pending-overlay" role="status">
      {message}
    </p>
  );
}

/** While the suggestions for the cook's ingredients and preferences load (/preferences, /menu-suggestion). */
export function FindingRecipesOverlay() {
  return <PendingOverlay message="Finding recipes for you..." />;
}
