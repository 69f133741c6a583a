// The build generated both targets of the model into the default output directory.
def out = new File(basedir, 'target/generated-sources/adamant/telemetry')
assert new File(out, 'native/CMakeLists.txt').isFile()
assert new File(out, 'native/include/telemetry/types.hpp').isFile()
assert new File(out, 'opendds/telemetry.idl').isFile()
def log = new File(basedir, 'build.log').text
assert log.contains('files generated from')
assert log.contains('BUILD SUCCESS')
return true
