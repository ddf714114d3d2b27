import type { WatchConfig } from '../config.js';

/** The workspace watch as both backends take it (an unset limit keeps the watcher's default). */
export function watchOptions(config: WatchConfig): { readonly enabled: boolean; readonly burstLimit?: number } {
  return config.burstLimit === undefined ? { enabled: config.enabled } : { enabled: config.enabled, burstLimit: config.burstLimit };
}
