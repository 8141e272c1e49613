// BUILD_DIR gives a test run its own build, so parallel runs from one checkout don't replace each other's files.
const buildDirectory = process.env.BUILD_DIR;

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverBuildPath: `${buildDirectory ?? "build"}/index.js`,
  assetsBuildDirectory: buildDirectory ? `${buildDirectory}/assets` : "public/build",
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
