/**
 * A photo the browser took (a data URL from a canvas or a file reader) as a file to upload. Decoded by hand:
 * the page's content security policy does not let fetch() read data: URLs.
 */
export function photoFile(dataUrl: string, name = "dish.jpg"): File {
  const match = /^data:([^;,]*)(?:;[^,]*)?;base64,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error("Not a base64 data URL");
  const binary = atob(match[2]);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return new File([bytes], name, { type: match[1] || "application/octet-stream" });
}
