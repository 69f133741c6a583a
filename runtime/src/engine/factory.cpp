#include <adamant/engine/factory.hpp>

#include <adamant/adaptive/adaptive_receiver.hpp>
#include <adamant/adaptive/adaptive_sender.hpp>

namespace adamant::engine {
namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace

std::unique_ptr<SenderEngine> make_sender(const SenderConfig& cfg) {
  return std::visit(
      Overloaded{
          [](const BaselineSenderConfig& c) -> std::unique_ptr<SenderEngine> { return std::make_unique<BaselineSender>(c); },
          [](const NakcastSenderConfig& c) -> std::unique_ptr<SenderEngine> { return std::make_unique<NakcastSender>(c); },
          [](const FecSenderConfig& c) -> std::unique_ptr<SenderEngine> { return std::make_unique<FecSender>(c); },
          [](const ReplaceConfig& c) -> std::unique_ptr<SenderEngine> { return std::make_unique<ReplaceSender>(c); },
          [](const AdaptiveSenderConfig& c) -> std::unique_ptr<SenderEngine> {
            return std::make_unique<adaptive::AdaptiveSender>(c.adaptive, c.session);
          },
      },
      cfg);
}

std::unique_ptr<ReceiverEngine> make_receiver(const ReceiverConfig& cfg) {
  return std::visit(
      Overloaded{
          [](const BaselineReceiverConfig& c) -> std::unique_ptr<ReceiverEngine> {
            return std::make_unique<BaselineReceiver>(c);
          },
          [](const NakcastReceiverConfig& c) -> std::unique_ptr<ReceiverEngine> {
            return std::make_unique<NakcastReceiver>(c);
          },
          [](const RicochetReceiverConfig& c) -> std::unique_ptr<ReceiverEngine> {
            return std::make_unique<RicochetReceiver>(c);
          },
          [](const ReplaceReceiverConfig& c) -> std::unique_ptr<ReceiverEngine> {
            return std::make_unique<ReplaceReceiver>(c);
          },
          [](const AdaptiveReceiverConfig& c) -> std::unique_ptr<ReceiverEngine> {
            return std::make_unique<adaptive::AdaptiveReceiver>(c.adaptive, c.self, c.member_id);
          },
      },
      cfg);
}

}  // namespace adamant::engine
