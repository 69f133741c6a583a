// The ant_* TransportLocator blob: what a remote side needs to reach this instance.
//   u8 version (1) | u16 port | u32 stream id | u8 group length | group (dotted IPv4)
// Big-endian. Writers advertise the group/port/stream they send on; ant_replace readers
// advertise the group/port they listen on (each writer opens one connection to it).
#ifndef ADAMANT_OPENDDS_LOCATOR_H
#define ADAMANT_OPENDDS_LOCATOR_H

#include <dds/DCPS/transport/framework/TransportDefs.h>

#include <cstdint>
#include <string>

namespace adamant_opendds {

struct Locator {
  std::string group;
  std::uint16_t port;
  std::uint32_t stream_id;
};

inline OpenDDS::DCPS::TransportBLOB encode_locator(const Locator& l) {
  OpenDDS::DCPS::TransportBLOB b;
  const CORBA::ULong n = static_cast<CORBA::ULong>(8 + l.group.size());
  b.length(n);
  CORBA::Octet* p = b.get_buffer();
  p[0] = 1;
  p[1] = static_cast<CORBA::Octet>(l.port >> 8);
  p[2] = static_cast<CORBA::Octet>(l.port);
  for (int i = 0; i < 4; ++i) p[3 + i] = static_cast<CORBA::Octet>(l.stream_id >> (24 - 8 * i));
  p[7] = static_cast<CORBA::Octet>(l.group.size());
  for (std::size_t i = 0; i < l.group.size(); ++i) p[8 + i] = static_cast<CORBA::Octet>(l.group[i]);
  return b;
}

inline bool decode_locator(const OpenDDS::DCPS::TransportBLOB& b, Locator& l) {
  const CORBA::ULong n = b.length();
  if (n < 8) return false;
  const CORBA::Octet* p = b.get_buffer();
  if (p[0] != 1 || n != 8u + p[7] || p[7] > 15) return false;
  l.port = static_cast<std::uint16_t>((p[1] << 8) | p[2]);
  l.stream_id = (std::uint32_t(p[3]) << 24) | (std::uint32_t(p[4]) << 16) | (std::uint32_t(p[5]) << 8) | p[6];
  l.group.assign(reinterpret_cast<const char*>(p + 8), p[7]);
  return l.port != 0 && l.stream_id != 0;
}

}  // namespace adamant_opendds

#endif
