/** The environment variable naming the test run's temporary folder (set by global-setup.ts). */
export const RUN_TEMP_VARIABLE = 'CONVERSA_TEST_RUN_TMPDIR';
