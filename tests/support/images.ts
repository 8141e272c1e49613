import sharp from "sharp";

/** A real JPEG photo as a camera writes it: EXIF orientation, camera make, GPS position, XMP and a colour profile. */
export async function cameraJpeg(width = 64, height = 32): Promise<Uint8Array<ArrayBuffer>> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: "#d04a1f" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withIccProfile("p3")
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>'
    )
    .withExifMerge({
      IFD0: { Make: "CamMaker" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .toBuffer();
  return new Uint8Array(jpeg);
}

export async function pngImage(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const png = await sharp({ create: { width, height, channels: 4, background: { r: 30, g: 120, b: 60, alpha: 0.5 } } })
    .png()
    .toBuffer();
  return new Uint8Array(png);
}
