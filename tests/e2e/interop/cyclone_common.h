// Cyclone DDS (C API) pieces shared by cyclone_writer.cpp and cyclone_reader.cpp: an owning entity
// handle, and the QoS of peer_options.h as a dds_qos_t.
#pragma once

#include "peer_options.h"

#include <dds/dds.h>
#include INTEROP_CYCLONE_HEADER

#include <memory>
#include <stdexcept>
#include <string>

namespace interop {

// Owns a Cyclone entity; deleting a participant deletes everything it contains.
class Entity {
 public:
  explicit Entity(dds_entity_t handle, const char* what) : handle_(handle) {
    if (handle_ < 0) {
      throw std::runtime_error(std::string(what) + " failed: " + dds_strretcode(handle_));
    }
  }
  Entity(const Entity&) = delete;
  Entity& operator=(const Entity&) = delete;
  ~Entity() { dds_delete(handle_); }
  dds_entity_t get() const { return handle_; }

 private:
  dds_entity_t handle_;
};

struct QosDeleter {
  void operator()(dds_qos_t* qos) const { dds_delete_qos(qos); }
};
using Qos = std::unique_ptr<dds_qos_t, QosDeleter>;

inline dds_duration_t to_dds(double seconds) {
  return static_cast<dds_duration_t>(seconds * 1e9 + 0.5);
}

// The endpoint QoS of the model's profile (reliability, durability, history, deadline).
inline Qos endpoint_qos(const PeerOptions& o) {
  Qos qos(dds_create_qos());
  dds_qset_reliability(qos.get(), o.reliable ? DDS_RELIABILITY_RELIABLE : DDS_RELIABILITY_BEST_EFFORT,
                       to_dds(o.max_blocking_s));
  dds_qset_durability(qos.get(), o.transient_local ? DDS_DURABILITY_TRANSIENT_LOCAL : DDS_DURABILITY_VOLATILE);
  dds_qset_history(qos.get(), o.keep_all ? DDS_HISTORY_KEEP_ALL : DDS_HISTORY_KEEP_LAST, o.depth);
  if (o.deadline_s > 0) {
    dds_qset_deadline(qos.get(), to_dds(o.deadline_s));
  }
  return qos;
}

}  // namespace interop
