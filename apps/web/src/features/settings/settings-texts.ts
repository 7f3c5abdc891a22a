/**
 * The settings pages' texts are a feature namespace of their own (src/locales/settings), loaded with the page: not in
 * the entry that every first visit loads. The shell's texts (`translation`) stay the default namespace.
 */
export const SETTINGS_NAMESPACES = ['translation', 'settings'] as const;
