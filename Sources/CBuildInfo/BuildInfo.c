// Scripts/package writes the commit into aasa_build_commit.h in a folder of its own build directory and adds that
// folder to the include path: only this file is recompiled when the commit changes (a -D flag would rebuild every
// module). A plain `swift build` has no such folder and no way to run git without a package plugin, so it stamps
// nothing: the empty string, which `--version` reports as a development build rather than as an unknown commit.
#include "CBuildInfo.h"

#if __has_include("aasa_build_commit.h")
#include "aasa_build_commit.h"
#endif

#ifndef AASA_BUILD_COMMIT
#define AASA_BUILD_COMMIT ""
#endif

const char *aasa_build_commit(void) { return AASA_BUILD_COMMIT; }
