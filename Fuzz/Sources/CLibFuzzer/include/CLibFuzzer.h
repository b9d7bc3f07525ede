// libFuzzer's entry point for programs that have their own `main` (every SwiftPM executable does):
// it parses the libFuzzer flags in argv and calls `callback` with each input.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
