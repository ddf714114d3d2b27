import { describe, expect, it } from 'vitest';
import { PYTHON } from '../../src/index.js';
import { nestedSettings, settingsSection } from '../../src/languages/server-settings.js';

describe("a profile's settings", () => {
  it('are sent nested by section, and the profile keeps its own as they were', () => {
    const before = JSON.stringify(PYTHON.settings);
    const nested = nestedSettings(PYTHON.settings ?? {});
    expect(nested).toMatchObject({ python: { analysis: { diagnosticMode: 'openFilesOnly' } } });
    expect(settingsSection(PYTHON.settings, 'python.analysis')).toMatchObject({ diagnosticMode: 'openFilesOnly' });
    expect(JSON.stringify(PYTHON.settings)).toBe(before);
  });

  it('answer null for a section they do not have', () => {
    expect(settingsSection(PYTHON.settings, 'gopls')).toBeNull();
    expect(settingsSection(undefined, 'python')).toBeNull();
  });
});
