// One engine per protocol config: the config's type names the engine, so a sender or
// receiver is built from exactly the settings its protocol has (adamant::setup maps a
// ChannelConfig to these for the socket binding and the simulator alike).
#pragma once

#include <adamant/adaptive/adaptive_config.hpp>
#include <adamant/engine/baseline.hpp>
#include <adamant/engine/core.hpp>
#include <adamant/engine/fec_sender.hpp>
#include <adamant/engine/nakcast_receiver.hpp>
#include <adamant/engine/nakcast_sender.hpp>
#include <adamant/engine/replace_receiver.hpp>
#include <adamant/engine/replace_sender.hpp>
#include <adamant/engine/ricochet_receiver.hpp>

#include <memory>
#include <variant>

namespace adamant::engine {

// The adaptive engines (adamant/adaptive/): their config and what their constructors take besides.
struct AdaptiveSenderConfig {
  adaptive::AdaptiveConfig adaptive;
  std::uint32_t session = 0;
};
struct AdaptiveReceiverConfig {
  adaptive::AdaptiveConfig adaptive;
  Endpoint self;
  std::uint32_t member_id = 0;
};

// Ricochet's sender is the NAKcast sender; replace and fifo share ReplaceConfig (replacement
// on or off).
using SenderConfig =
    std::variant<BaselineSenderConfig, NakcastSenderConfig, FecSenderConfig, ReplaceConfig, AdaptiveSenderConfig>;
// FEC's receiver is a Ricochet receiver building no repairs (fec_receiver_config).
using ReceiverConfig = std::variant<BaselineReceiverConfig, NakcastReceiverConfig, RicochetReceiverConfig,
                                    ReplaceReceiverConfig, AdaptiveReceiverConfig>;

std::unique_ptr<SenderEngine> make_sender(const SenderConfig& cfg);
std::unique_ptr<ReceiverEngine> make_receiver(const ReceiverConfig& cfg);

}  // namespace adamant::engine
