#ifndef STRINGSCHECK_CLIBXML2_SHIM_H
#define STRINGSCHECK_CLIBXML2_SHIM_H

// Debian's libxml2 headers pull in the system ICU, which clashes with the ICU that Foundation
// ships ("'UErrorCode' has different definitions in different modules") on clean builds.
// We never use libxml2's ICU support, so hide it before the main headers are read.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>
#include <libxml/parserInternals.h>

// Swift's Glibc module leaves out <malloc.h>; `--timings` reads the heap in use with mallinfo2.
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#endif
