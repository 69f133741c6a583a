// The build failed on the model's error, naming file:line:col and the problem, and wrote nothing.
def log = new File(basedir, 'build.log').text
def model = new File(basedir, 'models/broken.adamant').path
assert log.contains('BUILD FAILURE')
assert log.contains("[ERROR] ${model}:7:18: error: ")
assert log.contains('Missing')
assert log.contains('1 model with errors; nothing generated for them')
assert !new File(basedir, 'target/generated-sources/adamant/broken').exists()
return true
