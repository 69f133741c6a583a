#include "device_index.hpp"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

namespace adamant::peer {

unsigned device_index(std::uint32_t ipv4) {
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0) return 0;
  unsigned index = 0;
  for (ifaddrs* i = list; i && !index; i = i->ifa_next)
    if (i->ifa_addr && i->ifa_addr->sa_family == AF_INET &&
        ntohl(reinterpret_cast<sockaddr_in*>(i->ifa_addr)->sin_addr.s_addr) == ipv4)
      index = ::if_nametoindex(i->ifa_name);
  ::freeifaddrs(list);
  return index;
}

}  // namespace adamant::peer
