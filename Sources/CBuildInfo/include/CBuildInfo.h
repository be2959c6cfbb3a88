#ifndef CBUILDINFO_H
#define CBUILDINFO_H

/// The git commit the binary was built from ("1a2b3c4d5e6f", "1a2b3c4d5e6f-dirty"), or "unknown".
const char *aasa_build_commit(void);

#endif
