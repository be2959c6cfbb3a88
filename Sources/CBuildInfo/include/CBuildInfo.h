#ifndef CBUILDINFO_H
#define CBUILDINFO_H

/// The git commit Scripts/package built the binary from ("1a2b3c4d5e6f", "1a2b3c4d5e6f-dirty", or "unknown" when it
/// packaged a tree outside git); "" for a plain `swift build`, which records none.
const char *aasa_build_commit(void);

#endif
