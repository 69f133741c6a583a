// ACE service object that registers the ant_* transport types, for applications that load
// the plugin dynamically through ACE's service configurator, e.g. in svc.conf:
//   dynamic AdamantOpenDDS Service_Object * AdamantOpenDDS:_make_AntLoader() ""
// Statically linked applications include <adamant_opendds/Ant.h> instead.
#ifndef ADAMANT_OPENDDS_ANTLOADER_H
#define ADAMANT_OPENDDS_ANTLOADER_H

#include "Export.h"

#include <ace/Global_Macros.h>
#include <ace/Service_Config.h>
#include <ace/Service_Object.h>

namespace adamant_opendds {

class AdamantOpenDDS_Export AntLoader : public ACE_Service_Object {
 public:
  virtual int init(int argc, ACE_TCHAR* argv[]);
};

ACE_STATIC_SVC_DECLARE_EXPORT(AdamantOpenDDS, AntLoader)
ACE_FACTORY_DECLARE(AdamantOpenDDS, AntLoader)

}  // namespace adamant_opendds

#endif
