import { RUNTIME_CONFIG_PATH, type RuntimeConfig, runtimeConfigSchema } from '@riskscan/contracts';

let loading: Promise<RuntimeConfig> | undefined;

/** The base URLs the server hands out at start; fetched once and shared by every call. */
export function getRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= fetch(RUNTIME_CONFIG_PATH)
    .then((response) => {
      if (!response.ok) throw new Error(`runtime config answered ${response.status}`);
      return response.json();
    })
    .then((body) => runtimeConfigSchema.parse(body))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** Lets tests and embedders start the app with known base URLs. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  loading = Promise.resolve(config);
}
