// The declaration in include/CLibFuzzer.h is all this target provides; libFuzzer's runtime,
// linked by -sanitize=fuzzer, defines the function.
#include "CLibFuzzer.h"
