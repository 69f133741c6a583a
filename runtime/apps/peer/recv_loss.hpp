// In-process end-host loss for a library that reads its datagrams with recvmsg(2) on a socket
// of its own (OpenPGM): this executable's recvmsg interposes libc's (the library calls it
// through its PLT), and for the one armed socket drops what the harness's LossInjector drops
// (the model and per-reader seed of ant-bench's readers), as if the datagram never arrived.
#pragma once

#include <adamant/loss.hpp>

#include <cstdint>

namespace adamant::peer {

// Arms loss on socket `fd` of this process (one socket per process; a receiver's).
void arm_receive_loss(int fd, const LossModel& model, std::uint64_t seed);
// Datagrams dropped so far.
std::uint64_t receive_loss_drops();

}  // namespace adamant::peer
