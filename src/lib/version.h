/* version.h: acqrel's version, of the command line and of its formats */
#ifndef ACQREL_VERSION_H
#define ACQREL_VERSION_H

/* No release process yet: the version of the command line and the formats. */
#define ACQREL_VERSION "0.2.0"

#endif
