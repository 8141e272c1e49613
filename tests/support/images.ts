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

/**
 * A camera JPEG (EXIF orientation 6, metadata) of a picture with detail in it: a diagonal gradient with a dark
 * block in one corner, so that a different, turned, mirrored or cropped picture differs in its pixels.
 */
export async function detailedCameraJpeg(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const corner = x < width / 4 && y < height / 4;
      pixels[at] = corner ? 20 : Math.round((255 * x) / width);
      pixels[at + 1] = corner ? 20 : Math.round((255 * y) / height);
      pixels[at + 2] = corner ? 20 : 128;
    }
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: "CamMaker" } })
    .toBuffer();
  return new Uint8Array(jpeg);
}

/** A picture's decoded size and its pixels at 16 × 16, grey: what a cook sees of it, whatever its encoding. */
export async function lookOf(bytes: Uint8Array): Promise<{ width: number; height: number; grey: number[] }> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const grey = await sharp(bytes).resize(16, 16, { fit: "fill" }).greyscale().raw().toBuffer();
  return { width, height, grey: [...grey] };
}
