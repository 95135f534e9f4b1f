// libFuzzer's entry for programs that have their own `main`: SwiftPM links an executable's
// `main` to the module's own entry point, so each target starts libFuzzer through this.
#ifndef QUARRY_FUZZ_DRIVER_H
#define QUARRY_FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test_one_input)(const uint8_t *data, size_t size));

#endif
