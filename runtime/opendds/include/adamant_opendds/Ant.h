// Static initializer for the ADAMANT OpenDDS transports of ANT (Adaptive Network Transports, the
// runtime): ant_baseline, ant_nakcast, ant_ricochet, ant_replace, ant_adaptive. Like
// dds/DCPS/transport/udp/Udp.h for the built-in udp transport: include it in one translation unit of
// the application (and link Adamant::opendds) and the five transport types are registered with TheTransportRegistry
// before main(), so `[transport/NAME] transport_type=ant_nakcast` sections in a .ini and
// TheTransportRegistry->create_inst(NAME, "ant_nakcast") both work.
#ifndef ADAMANT_OPENDDS_ANT_H
#define ADAMANT_OPENDDS_ANT_H

#include "Export.h"

namespace adamant_opendds {

// Registers the five transport types (idempotent). Returns 0.
AdamantOpenDDS_Export int init();

class AdamantOpenDDS_Export AntInitializer {
 public:
  AntInitializer() { init(); }
};

static AntInitializer ant_initializer;

}  // namespace adamant_opendds

#endif
