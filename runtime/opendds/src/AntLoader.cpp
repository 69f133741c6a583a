#include <adamant_opendds/Ant.h>
#include <adamant_opendds/AntInst.h>
#include <adamant_opendds/AntLoader.h>

#include <dds/DCPS/transport/framework/TransportRegistry.h>
#include <dds/DCPS/transport/framework/TransportType.h>

namespace adamant_opendds {

using namespace OpenDDS::DCPS;

namespace {

class AntType : public TransportType {
 public:
  explicit AntType(const char* name) : name_(name) {}
  const char* name() { return name_; }
#if ADAMANT_ODDS_CONFIG_STORE
  TransportInst_rch new_inst(const OPENDDS_STRING& name, bool is_template) {
    return make_rch<AntInst>(name_, std::string(name.c_str()), is_template);
  }
#else
  TransportInst_rch new_inst(const OPENDDS_STRING& name) { return make_rch<AntInst>(name_, std::string(name.c_str())); }
#endif

 private:
  const char* const name_;
};

}  // namespace

int init() {
  static bool done = false;
  if (done) return 0;
  static const char* const names[] = {"ant_baseline", "ant_nakcast", "ant_ricochet", "ant_replace", "ant_adaptive"};
  TransportRegistry* registry = TheTransportRegistry;
  for (const char* n : names) registry->register_type(make_rch<AntType>(n));
  done = true;
  return 0;
}

int AntLoader::init(int, ACE_TCHAR*[]) { return adamant_opendds::init(); }

ACE_FACTORY_DEFINE(AdamantOpenDDS, AntLoader)
ACE_STATIC_SVC_DEFINE(AntLoader, ACE_TEXT("AdamantOpenDDS"), ACE_SVC_OBJ_T, &ACE_SVC_NAME(AntLoader),
                      ACE_Service_Type::DELETE_THIS | ACE_Service_Type::DELETE_OBJ, 0)

}  // namespace adamant_opendds
