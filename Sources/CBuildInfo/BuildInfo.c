// The commit reaches the binary as a C macro: SwiftPM has no string defines for Swift, and a macro given on the
// command line (Scripts/package: -Xcc -DAASA_BUILD_COMMIT=...) needs no generated file that could go stale.
// A plain `swift build` does not know the commit and says so.
#include "CBuildInfo.h"

#ifndef AASA_BUILD_COMMIT
#define AASA_BUILD_COMMIT "unknown"
#endif

const char *aasa_build_commit(void) { return AASA_BUILD_COMMIT; }
