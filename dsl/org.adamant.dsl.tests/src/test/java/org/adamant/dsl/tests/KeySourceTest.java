package org.adamant.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/** An application's key source names a key file or a variable holding its path, never the key. */
class KeySourceTest {

	private static List<Issue> literalKeys(String key) throws Exception {
		List<Issue> issues = AdamantTestSupport.issuesOf("""
				topic Scans : Scan
				application gw {
					key %s
					publish Scans rate 10 Hz transport nakcast
				}
				""".formatted(key));
		return AdamantTestSupport.withCode(issues, IssueCodes.LITERAL_KEY);
	}

	private static void assertRefused(String key, String expected) throws Exception {
		List<Issue> hits = literalKeys(key);
		assertEquals(1, hits.size(), key + ": " + hits);
		assertEquals(Severity.ERROR, hits.get(0).getSeverity());
		assertTrue(hits.get(0).getMessage().contains(expected), hits.get(0).getMessage());
	}

	@Test
	void aPathOrAVariableNameIsFine() throws Exception {
		assertEquals(List.of(), literalKeys("file \"/etc/adamant/fleet.key\""));
		assertEquals(List.of(), literalKeys("file \"keys/fleet.key\""));
		assertEquals(List.of(), literalKeys("env FLEET_KEY_FILE"));
	}

	@Test
	void aKeyInsteadOfAPathOrVariableIsAnError() throws Exception {
		assertRefused("file \"000102030405060708090a0b0c0d0e0f\"", "this is a key, not the path of a key file");
		assertRefused("env a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7", "this is a key, not the name of an environment variable");
		assertRefused("file \"\"", "the path is empty");
		assertRefused("file \"fleet\\nkey\"", "control character");
		assertRefused("file \"C:\\\\keys\\\\fleet\"", "backslash");
	}

	@Test
	void keyFileAndEnvRemainUsableAsNames() throws Exception {
		List<Issue> issues = AdamantTestSupport.issuesOf("""
				struct Record { uint32 key; uint32 file; uint32 env; }
				topic Records : Record
				application env { key file "k" subscribe Records transport nakcast }
				""");
		assertEquals(List.of(), issues.stream().filter(i -> i.getSeverity() == Severity.ERROR).toList());
	}
}
