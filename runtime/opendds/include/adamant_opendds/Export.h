// Symbol visibility for the AdamantOpenDDS library (also the ACE service-object export
// name, AdamantOpenDDS_Export, used by ACE_FACTORY_DEFINE / ACE_STATIC_SVC_DECLARE_EXPORT).
#ifndef ADAMANT_OPENDDS_EXPORT_H
#define ADAMANT_OPENDDS_EXPORT_H

#define AdamantOpenDDS_Export __attribute__((visibility("default")))

#endif
