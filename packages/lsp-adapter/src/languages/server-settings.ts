/** The settings of `section` (`python.analysis`), as flat keys or nested under their parents; `null` when none. */
export function settingsSection(settings: Readonly<Record<string, unknown>> | undefined, section: string | undefined): unknown {
  if (settings === undefined) return null;
  const all = nestedSettings(settings);
  if (section === undefined || section === '') return all;
  let value: unknown = all;
  for (const part of section.split('.')) {
    if (typeof value !== 'object' || value === null) return null;
    value = (value as Record<string, unknown>)[part];
  }
  return value ?? null;
}

/** Dotted keys (`python.analysis`) expanded into nested objects, as `didChangeConfiguration` sends them. */
export function nestedSettings(settings: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    const parts = key.split('.');
    let target = out;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      // A copy: the profile's own objects are never written into (its settings are part of its identity).
      const copy: Record<string, unknown> = typeof next === 'object' && next !== null ? { ...(next as Record<string, unknown>) } : {};
      target[part] = copy;
      target = copy;
    }
    const last = parts[parts.length - 1] as string;
    const existing = target[last];
    target[last] =
      typeof existing === 'object' && existing !== null && typeof value === 'object' && value !== null ? { ...existing, ...value } : value;
  }
  return out;
}
