// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the files of this fixture are in generic-header.tree/. */

/*
 * check-name: a public header's accessor joins the subsystem it serves; a header whose own helpers hold both sides, and a subsystem's own header, do not join other subsystems to it
 * check-command: acqrel pairs generic-header.tree
 * check-output-start
generic-header.tree/drivers/dma/demo/chan.c:8: protocol n->next (demo_node.next): review
  writer generic-header.tree/drivers/dma/demo/chan.c:8: smp_wmb() in demo_chan_done(); publish store at line 9
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of n->next; the writers alone would convert, but smp_wmb() in demo_chan_done() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

generic-header.tree/drivers/net/demo/eth.c:8: protocol p->proto (demo_pkt.proto): review
  writer generic-header.tree/drivers/net/demo/eth.c:8: smp_wmb() in demo_eth_rx(); publish store at line 9
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of p->proto; the writers alone would convert, but smp_wmb() in demo_eth_rx() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

generic-header.tree/fs/demofs/walk.c:9: protocol n->next (demo_node.next): review
  reader generic-header.tree/fs/demofs/walk.c:9: smp_rmb() in demo_walk(); subscribe load at line 7
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to n->next
  ordering: 0 other accesses change ordering

generic-header.tree/include/linux/demo_list.h:21: protocol n->next (demo_node.next): convert
  writer generic-header.tree/include/linux/demo_list.h:21: smp_wmb() in demo_del_careful(); publish store at line 22
  reader generic-header.tree/include/linux/demo_list.h:29: smp_rmb() in demo_empty_careful(); subscribe load at line 27
  evidence: object, data
  adjacent: each barrier that goes orders n->next and nothing another thread can see besides
  ordering: 0 other accesses change ordering

generic-header.tree/net/demo4/af.c:8: protocol sk->state (demo_sock.state): convert
  writer generic-header.tree/net/demo4/af.c:8: smp_wmb() in demo_sk_set(); publish store at line 9
  reader generic-header.tree/include/net/demo_sock.h:15: smp_rmb() in demo_sk_err(); subscribe load at line 13
  evidence: object, data
  adjacent: each barrier that goes orders sk->state and nothing another thread can see besides
  ordering: 0 other accesses change ordering

generic-header.tree/net/demobr/br_private.h:9: protocol p->proto (demo_pkt.proto): review
  reader generic-header.tree/net/demobr/br_private.h:9: smp_rmb() in demo_br_len(); subscribe load at line 7
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to p->proto
  ordering: 0 other accesses change ordering

 * check-output-end
 */
