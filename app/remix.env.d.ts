/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Loaders and actions return raw values under single fetch (remix.config.js future.v3_singleFetch).
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
