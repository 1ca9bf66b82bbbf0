/* prefix.c: subject prefixes by path, after each subsystem's convention */
#include "prefix.h"
#include "strbuf.h"
#include "util.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

/*
 * Most specific first: the first entry that matches wins. A pattern ending
 * in '/' matches everything below the folder ('*' stands for one folder
 * name); any other is the start of a path within one folder ('*' for any
 * characters but '/'). In the prefix, %d is the path's next component after
 * the pattern (a folder name, or a file's name without its extension) and %s
 * the file's name without its extension.
 */
static const struct prefix_rule {
	const char *pattern, *prefix;
	bool capital;
} rules[] = {
	/* Documentation/process/maintainer-kvm-x86.rst; never "x86/kvm" */
	{ "arch/x86/kvm/vmx/", "KVM: VMX", true },
	{ "arch/x86/kvm/svm/", "KVM: SVM", true },
	{ "arch/x86/kvm/mmu/", "KVM: x86/mmu", true },
	{ "arch/x86/kvm/pmu", "KVM: x86/pmu", true },
	{ "arch/x86/kvm/xen", "KVM: x86/xen", true },
	{ "arch/x86/kvm/", "KVM: x86", true },
	{ "arch/x86/kernel/kvm", "x86/kvm", true },
	{ "virt/kvm/", "KVM", true },
	/* the KVM trees of arm64, powerpc, RISC-V and LoongArch write a capital after the prefix */
	{ "arch/arm64/kvm/", "KVM: arm64", true },
	/* arm64 and linux-pm (cpufreq, cpuidle) subjects go on with a capital */
	{ "arch/arm64/", "arm64: %s", true },
	{ "arch/powerpc/kvm/book3s_64_mmu_hv", "KVM: PPC: Book3S HV", true },
	{ "arch/powerpc/kvm/book3s_hv", "KVM: PPC: Book3S HV", true },
	{ "arch/powerpc/kvm/", "KVM: PPC", true },
	{ "arch/s390/kvm/", "KVM: s390", false },
	{ "arch/riscv/kvm/", "RISC-V: KVM", true },
	{ "arch/loongarch/kvm/", "LoongArch: KVM", true },
	{ "arch/arc/", "ARC: %s", false },
	{ "arch/arm/", "ARM: %s", false },
	{ "arch/mips/", "MIPS: %s", false },
	{ "arch/loongarch/", "LoongArch: %s", false },
	/* tip: perf/core for kernel/events, but uprobes go as uprobes */
	{ "kernel/events/uprobes.c", "uprobes", false },
	{ "kernel/events/", "perf/core", false },
	/* the tracing tree writes a capital after the prefix ("tracing: Fix ...") */
	{ "kernel/trace/ring_buffer", "ring-buffer", true },
	{ "kernel/trace/", "tracing", true },
	{ "kernel/sched/cpufreq_schedutil.c", "cpufreq: schedutil", true },
	{ "kernel/sched/", "sched/%s", false },
	{ "kernel/locking/", "locking/%s", false },
	{ "kernel/irq/", "genirq", false },
	{ "kernel/time/", "timers", false },
	{ "kernel/rcu/", "rcu", false },
	{ "kernel/user_namespace.c", "userns", false },
	/* no MAINTAINERS section; its history and tip write "stop_machine: Use ..." */
	{ "kernel/stop_machine.c", "stop_machine", true },
	{ "fs/aio.c", "aio", false },
	{ "fs/mnt_idmapping.c", "mnt_idmapping", false },
	{ "fs/nfs/flexfilelayout/", "pNFS/flexfiles", false },
	{ "fs/nfs/pnfs", "pNFS", false },
	{ "fs/nfs/", "NFS", false },
	{ "fs/*", "fs", false },
	{ "fs/", "%d", false },
	{ "net/sunrpc/", "SUNRPC", true },
	{ "net/xdp/", "xsk", false },
	{ "net/core/", "net", false },
	{ "net/netfilter/x_tables", "netfilter: x_tables", false },
	{ "net/", "%d", false },
	{ "block/bfq-", "block, bfq", false },
	{ "block/", "block", false },
	{ "lib/vsprintf.c", "vsprintf", false },
	{ "lib/kfifo.c", "kfifo", false },
	{ "drivers/net/ethernet/broadcom/tg3.", "tg3", false },
	{ "drivers/net/ethernet/broadcom/bnxt/", "bnxt_en", false },
	{ "drivers/net/ethernet/marvell/octeontx2/af/", "octeontx2-af", false },
	{ "drivers/net/ethernet/marvell/octeontx2/nic/", "octeontx2-pf", false },
	{ "drivers/net/wwan/", "net: wwan: %d", false },
	/* IBM's EMAC driver's history: "net: ibm: emac: ..." */
	{ "drivers/net/ethernet/ibm/emac/", "net: ibm: emac", false },
	/* the Faraday drivers' history: "net: ftgmac100: ..." */
	{ "drivers/net/ethernet/faraday/", "net: %s", false },
	{ "drivers/net/ethernet/*/", "%d", false },
	{ "drivers/net/wireless/*/", "wifi: %d", false },
	{ "drivers/net/", "%d", false },
	{ "drivers/gpu/drm/bridge/", "drm/bridge: %s", false },
	{ "drivers/gpu/drm/", "drm/%d", false },
	/* the RDMA and SUNRPC trees write a capital after the prefix */
	{ "drivers/infiniband/*/", "RDMA/%d", true },
	{ "drivers/scsi/", "scsi: %d", false },
	{ "drivers/md/dm-vdo/", "dm vdo", false },
	{ "drivers/md/md", "md", false },
	{ "drivers/usb/misc/", "usb: misc: %s", false },
	{ "drivers/cdx/", "cdx", false },
	/* the ACPI tree (linux-pm) writes a capital after the prefix */
	{ "drivers/acpi/acpi_dbg", "ACPI: debugger", true },
	{ "drivers/acpi/", "ACPI: %s", true },
	/* the iommu tree: "iommu/dma: Use ...", "iommu/vt-d: ...", "iommu: ..." */
	{ "drivers/iommu/dma-iommu.c", "iommu/dma", true },
	{ "drivers/iommu/", "iommu", true },
	/* the sound trees write a capital after the prefix */
	{ "sound/soc/", "ASoC: %d", true },
	{ "sound/pci/", "ALSA: %d", true },
	{ "drivers/tty/serial/atmel_serial.c", "serial: atmel", false },
	{ "drivers/tty/serial/", "serial: %d", false },
	{ "drivers/cpufreq/cpufreq_governor", "cpufreq: governor", true },
	{ "drivers/cpufreq/cpufreq_stats", "cpufreq: stats", true },
	{ "drivers/cpufreq/", "cpufreq: %s", true },
	{ "drivers/cpuidle/", "cpuidle: %s", true },
	{ "drivers/firewire/core-", "firewire: core", false },
	{ "drivers/firewire/", "firewire: %s", false },
	{ "drivers/comedi/", "comedi", false },
};

/* How many bytes of rel the pattern matches, or 0 when it does not. */
static size_t rule_match(const char *pattern, const char *rel)
{
	size_t n = strlen(pattern), at = 0;
	unsigned folders = 0;
	const char *p;
	char *head;
	bool hit;

	if (pattern[n - 1] != '/') {
		char *glob = xasprintf("%s*", pattern);
		const char *slash = strrchr(rel, '/');

		hit = !fnmatch(glob, rel, FNM_PATHNAME);
		free(glob);
		return hit ? (size_t)(slash ? slash + 1 - rel : 0) : 0;
	}
	for (p = pattern; *p; p++)
		folders += *p == '/';
	for (p = rel; *p && folders; p++)
		if (*p == '/' && !--folders)
			at = (size_t)(p + 1 - rel);
	if (!at)
		return 0;
	head = xstrndup(rel, at);
	hit = !fnmatch(pattern, head, FNM_PATHNAME);
	free(head);
	return hit ? at : 0;
}

char *prefix_of(const char *rel, bool *capital)
{
	struct strbuf sb = STRBUF_INIT;
	const char *base = strrchr(rel, '/'), *dot, *p, *next, *slash;
	size_t i, at = 0, base_len;

	base = base ? base + 1 : rel;
	dot = strrchr(base, '.');
	base_len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	*capital = false;
	for (i = 0; i < ARRAY_SIZE(rules) && !(at = rule_match(rules[i].pattern, rel)); i++)
		;
	if (i == ARRAY_SIZE(rules))
		return NULL;
	next = rel + at;
	slash = strchr(next, '/');
	for (p = rules[i].prefix; *p; p++) {
		if (p[0] == '%' && (p[1] == 'd' || p[1] == 's')) {
			if (p[1] == 'd' && slash)
				strbuf_add(&sb, next, (size_t)(slash - next));
			else
				strbuf_add(&sb, base, base_len);
			p++;
		} else {
			strbuf_addch(&sb, *p);
		}
	}
	*capital = rules[i].capital;
	return strbuf_detach(&sb);
}

bool prefix_rule(size_t i, const char **pattern, const char **prefix, bool *capital)
{
	if (i >= ARRAY_SIZE(rules))
		return false;
	*pattern = rules[i].pattern;
	*prefix = rules[i].prefix;
	*capital = rules[i].capital;
	return true;
}
