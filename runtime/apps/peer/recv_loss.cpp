#include "recv_loss.hpp"

#include <dlfcn.h>
#include <optional>
#include <sys/socket.h>

namespace adamant::peer {
namespace {

int g_fd = -1;                          // the armed socket
std::optional<LossInjector> g_injector;  // single-threaded receiver process

}  // namespace

void arm_receive_loss(int fd, const LossModel& model, std::uint64_t seed) {
  g_fd = fd;
  g_injector.emplace(model, seed);
}

std::uint64_t receive_loss_drops() { return g_injector ? g_injector->drops() : 0; }

}  // namespace adamant::peer

// The interposed recvmsg: a dropped datagram is consumed and the next one read (EAGAIN on a
// non-blocking socket with nothing more), with the caller's name and control lengths restored.
extern "C" ssize_t recvmsg(int fd, msghdr* msg, int flags) {
  using Fn = ssize_t (*)(int, msghdr*, int);
  static const Fn real = reinterpret_cast<Fn>(::dlsym(RTLD_NEXT, "recvmsg"));
  const socklen_t namelen = msg->msg_namelen;
  const std::size_t controllen = msg->msg_controllen;
  for (;;) {
    const ssize_t n = real(fd, msg, flags);
    if (n < 0 || fd != adamant::peer::g_fd || !adamant::peer::g_injector || !adamant::peer::g_injector->drop()) return n;
    msg->msg_namelen = namelen;
    msg->msg_controllen = controllen;
    msg->msg_flags = 0;
  }
}
