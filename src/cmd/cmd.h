/* cmd.h: the subcommands; each takes main's argc/argv minus the program name */
#ifndef ACQREL_CMD_H
#define ACQREL_CMD_H

int cmd_sites(int argc, const char **argv);
int cmd_pairs(int argc, const char **argv);

/* Number of worker threads: $ACQREL_JOBS, else the online CPUs. */
int cmd_jobs(void);

#endif
