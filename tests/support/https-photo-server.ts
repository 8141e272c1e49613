/**
 * A real HTTPS server on 127.0.0.1 with a certificate made for the run (openssl), serving a JPEG at /photo.jpg and
 * a page at /page, for the recipe pictures the server fetches and stores. The app reaches it only with the
 * test settings: RECIPE_IMPORT_ALLOW_PRIVATE_HOSTS=true (a loopback address) and NODE_TLS_REJECT_UNAUTHORIZED=0
 * (a certificate no authority signed), which the test file sets.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { cameraJpeg } from "./images";

export async function startHttpsPhotoServer(): Promise<{ origin: string; requests: string[]; close(): Promise<void> }> {
  const folder = mkdtempSync(path.join(tmpdir(), "https-photo-"));
  const [key, cert] = [path.join(folder, "key.pem"), path.join(folder, "cert.pem")];
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
    ],
    { stdio: "ignore" }
  );
  const jpeg = Buffer.from(await cameraJpeg(80, 60));
  const requests: string[] = [];
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => {
    requests.push(request.url ?? "");
    if (request.url === "/photo.jpg") {
      response.writeHead(200, { "Content-Type": "image/jpeg" });
      response.end(jpeg);
    } else {
      response.writeHead(200, { "Content-Type": "text/html" });
      response.end("<p>not a picture</p>");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        rmSync(folder, { recursive: true, force: true });
        server.close(() => resolve());
      }),
  };
}
