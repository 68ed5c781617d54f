"""Where a run's two sides are: one host (loopback), or two hosts simulated by two network
namespaces joined by a veth pair (--topology netns), since a CI runner has no second host.

With netns, the publisher runs in one namespace and the subscriber in the other, each
with its own address on its end of the veth pair, so every sample crosses a real (virtual)
link: a second IP stack, ARP, a device queue, instead of the loopback shortcut. The
namespaces are named after the run's DDS domain (held by the domain lease, so concurrent
runs never share them), made before the first sub-experiment and removed in every case at
the end. An intra-process sub-experiment has one process and cannot span two hosts: it is
unsupported under netns. Making namespaces needs CAP_NET_ADMIN (root).

On two real hosts the same sub-experiments run with each side's address in place of these
(docs/middleware.md).
"""

import json
import subprocess
from dataclasses import dataclass

from latency_gate.errors import InputError

LOCALHOST, NETNS = "localhost", "netns"
TOPOLOGIES = (LOCALHOST, NETNS)
LOOPBACK = "127.0.0.1"
_SUBNET = "10.231"  # 10.231.<domain>.0/24 per run: private, and unlikely to clash with a runner's own


@dataclass
class Topology:
    """The run's two sides: their addresses, and the command prefix that puts a role where it runs."""

    name: str = LOCALHOST
    publisher_address: str = LOOPBACK
    subscriber_address: str = LOOPBACK
    namespaces: tuple = ()  # (publisher's, subscriber's) under netns
    devices: tuple = ()  # their ends of the veth pair

    def prefix(self, role):
        """What a role's command is run under: nothing on one host, `ip netns exec NS` under netns
        (the subscriber in the second namespace; publisher and `both` in the first)."""
        if not self.namespaces:
            return []
        return ["ip", "netns", "exec", self.namespaces[role == "subscriber"]]

    def unsupported(self, subexperiment):
        if self.name == NETNS and not subexperiment.interprocess:
            return "one process cannot span two hosts (intra-process under --topology netns)"
        if self.name == NETNS and subexperiment.shared_memory:
            return "shared memory does not cross hosts (the shared-memory family under --topology netns)"
        return None

    def traffic(self):
        """{publisher, subscriber: {tx_packets, rx_packets}} of each side's veth end so far (the
        proof that the samples crossed the link); None on one host."""
        if not self.namespaces:
            return None
        counts = {}
        for role, namespace, device in zip(("publisher", "subscriber"), self.namespaces, self.devices):
            done = subprocess.run(["ip", "-j", "-s", "-n", namespace, "link", "show", "dev", device],
                                  capture_output=True, text=True)
            statistics = json.loads(done.stdout)[0]["stats64"] if done.returncode == 0 else None
            counts[role] = statistics and {"tx_packets": statistics["tx"]["packets"],
                                           "rx_packets": statistics["rx"]["packets"]}
        return counts

    def release(self):
        """Remove the namespaces (with them, the veth pair); safe to call more than once."""
        for namespace in self.namespaces:
            subprocess.run(["ip", "netns", "delete", namespace], capture_output=True)
        self.namespaces = ()


def validate(name):
    if name not in TOPOLOGIES:
        raise InputError(f"unknown topology '{name}' (known: {', '.join(TOPOLOGIES)})")
    return name


def describe(name, domain):
    """The topology a run will have, before anything is made (its unsupported sub-experiments)."""
    if name == LOCALHOST:
        return Topology()
    return Topology(NETNS, f"{_SUBNET}.{domain}.1", f"{_SUBNET}.{domain}.2")


def prepare(name, domain):
    """Make the topology: under netns, two namespaces joined by a veth pair, addressed and up.
    InputError (naming the command and why) when the machine refuses."""
    topology = describe(name, domain)
    if name == LOCALHOST:
        return topology
    namespaces = (f"latency-gate-{domain}-pub", f"latency-gate-{domain}-sub")
    devices = (f"lg{domain}pub", f"lg{domain}sub")
    addresses = (topology.publisher_address, topology.subscriber_address)
    topology.namespaces = namespaces
    topology.release()  # a killed run's leftovers of the same domain
    topology.namespaces, topology.devices = namespaces, devices
    commands = [
        *(["ip", "netns", "add", namespace] for namespace in namespaces),
        ["ip", "link", "add", devices[0], "netns", namespaces[0], "type", "veth",
         "peer", "name", devices[1], "netns", namespaces[1]],
    ]
    for namespace, device, address in zip(namespaces, devices, addresses):
        commands += [
            ["ip", "-n", namespace, "address", "add", f"{address}/24", "dev", device],
            ["ip", "-n", namespace, "link", "set", "lo", "up"],
            ["ip", "-n", namespace, "link", "set", device, "up"],
            # Multicast (Fast DDS's discovery) needs a route; the only way out is the veth.
            ["ip", "-n", namespace, "route", "add", "default", "dev", device],
        ]
    try:
        for command in commands:
            done = subprocess.run(command, capture_output=True, text=True)
            if done.returncode != 0:
                raise InputError(f"--topology netns: `{' '.join(command)}` failed: "
                                 f"{done.stderr.strip() or done.returncode} (network namespaces need root, CAP_NET_ADMIN)")
    except BaseException:  # a refusal, a missing `ip`, an interruption: what was made so far goes
        topology.release()
        raise
    return topology
