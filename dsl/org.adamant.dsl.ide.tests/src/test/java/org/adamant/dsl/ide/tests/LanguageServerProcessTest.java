package org.adamant.dsl.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.ServerCapabilities;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Starts the shaded language server jar (target/adamant-ls.jar of org.adamant.dsl.ls) as a separate
 * JVM, speaks LSP to it over stdio and checks diagnostics (positions and codes), completion, a quick
 * fix code action, the prediction hover, semantic tokens and "format document", then shuts it down.
 */
class LanguageServerProcessTest {

	private static final String MODEL = """
			import "transports.adamant"
			struct Scan { @key uint32 id; float t; }
			qos Fast { reliability reliable deadline 10 }
			topic T : Scan qos Fast
			application a { publish T rate 100 Hz transport baseline }
			application b { subscribe T }
			""";

	private static final String MESSY = """
			struct Scan {  @key uint32 id ;
			float t; } // the scan
			qos Fast{reliability reliable
			    /* soon */ deadline 10 ms}
			""";

	private static final String FORMATTED = """
			struct Scan {
				@key uint32 id;
				float t;
			} // the scan
			qos Fast {
				reliability reliable
				/* soon */
				deadline 10 ms
			}
			""";

	/** The text with LSP edits applied (edits do not overlap; applied from the last to the first). */
	static String apply(String text, List<? extends TextEdit> edits) {
		StringBuilder result = new StringBuilder(text);
		List<? extends TextEdit> sorted = edits.stream().sorted((a, b) -> {
			Position pa = a.getRange().getStart();
			Position pb = b.getRange().getStart();
			return pa.getLine() != pb.getLine() ? Integer.compare(pb.getLine(), pa.getLine())
					: Integer.compare(pb.getCharacter(), pa.getCharacter());
		}).toList();
		for (TextEdit edit : sorted) {
			result.replace(offset(text, edit.getRange().getStart()), offset(text, edit.getRange().getEnd()), edit.getNewText());
		}
		return result.toString();
	}

	private static int offset(String text, Position position) {
		int offset = 0;
		for (int line = 0; line < position.getLine(); line++) {
			offset = text.indexOf('\n', offset) + 1;
		}
		return offset + position.getCharacter();
	}

	/** Collects what the server publishes; diagnostics per document URI. */
	static final class Client implements LanguageClient {
		final Map<String, CompletableFuture<List<Diagnostic>>> diagnostics = new ConcurrentHashMap<>();

		CompletableFuture<List<Diagnostic>> of(String uri) {
			return diagnostics.computeIfAbsent(uri, u -> new CompletableFuture<>());
		}

		@Override
		public void publishDiagnostics(PublishDiagnosticsParams params) {
			if (!params.getDiagnostics().isEmpty()) {
				of(params.getUri()).complete(params.getDiagnostics());
			}
		}

		@Override
		public void telemetryEvent(Object object) {
		}

		@Override
		public void showMessage(MessageParams params) {
		}

		@Override
		public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams params) {
			return CompletableFuture.completedFuture(null);
		}

		@Override
		public void logMessage(MessageParams params) {
		}
	}

	@Test
	@Timeout(value = 3, unit = TimeUnit.MINUTES)
	void diagnosticsCompletionQuickFixAndHoverOverStdio() throws Exception {
		Path jar = Path.of(System.getProperty("adamant.ls.jar", "../org.adamant.dsl.ls/target/adamant-ls.jar"));
		assertTrue(Files.isRegularFile(jar), "build org.adamant.dsl.ls first: " + jar);
		Path target = IdeTestSupport.ROOT.resolve("dsl/org.adamant.dsl.ide.tests/target");
		Files.createDirectories(target);
		Path workspace = Files.createTempDirectory(target, "lsp");
		Files.copy(IdeTestSupport.ROOT.resolve("profiles/transports.adamant"), workspace.resolve("transports.adamant"));
		Path model = workspace.resolve("model.adamant");
		Files.writeString(model, MODEL);
		String uri = model.toUri().toString();

		Path stderr = workspace.resolve("server.stderr");
		Process server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
				jar.toString()).redirectError(stderr.toFile()).start();
		try {
			Client client = new Client();
			Launcher<LanguageServer> launcher = LSPLauncher.createClientLauncher(client, server.getInputStream(),
					server.getOutputStream());
			launcher.startListening();
			LanguageServer ls = launcher.getRemoteProxy();

			InitializeParams init = new InitializeParams();
			init.setProcessId((int) ProcessHandle.current().pid());
			init.setRootUri(workspace.toUri().toString());
			init.setCapabilities(new ClientCapabilities());
			ServerCapabilities capabilities = ls.initialize(init).get(60, TimeUnit.SECONDS).getCapabilities();
			assertTrue(capabilities.getHoverProvider() != null);
			ls.initialized(new InitializedParams());
			ls.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "adamant", 1, MODEL)));

			// diagnostics: code and position of each
			List<Diagnostic> diagnostics = client.of(uri).get(90, TimeUnit.SECONDS);
			Map<String, Diagnostic> byCode = diagnostics.stream()
					.collect(Collectors.toMap(d -> d.getCode().getLeft(), d -> d, (a, b) -> a));
			Diagnostic missingUnit = byCode.get("adamant.missing-unit");
			assertEquals(new Range(new Position(2, 41), new Position(2, 43)), missingUnit.getRange(), diagnostics::toString);
			Diagnostic reliable = byCode.get("adamant.reliable-on-unreliable-transport");
			assertEquals(new Range(new Position(4, 48), new Position(4, 56)), reliable.getRange(), diagnostics::toString);

			// completion: units after "deadline 10 ", transports after "transport "
			assertTrue(labels(ls, uri, new Position(2, 44)).containsAll(List.of("us", "ms", "s")));
			List<String> transports = labels(ls, uri, new Position(4, 48));
			assertTrue(transports.containsAll(List.of("auto", "nakcast", "ricochet")), transports::toString);

			// a quick fix for the missing unit: insert " ms" after the 10
			CodeActionParams actionParams = new CodeActionParams(new TextDocumentIdentifier(uri), missingUnit.getRange(),
					new CodeActionContext(List.of(missingUnit)));
			List<Either<Command, CodeAction>> actions = ls.getTextDocumentService().codeAction(actionParams)
					.get(60, TimeUnit.SECONDS);
			CodeAction addMs = actions.stream().filter(Either::isRight).map(Either::getRight)
					.filter(a -> a.getTitle().equals("Add unit 'ms'")).findFirst()
					.orElseThrow(() -> new AssertionError("no 'Add unit ms' in " + actions));
			assertEquals("quickfix", addMs.getKind());
			List<TextEdit> edits = addMs.getEdit().getChanges().get(uri);
			assertEquals(List.of(new TextEdit(new Range(new Position(2, 43), new Position(2, 43)), " ms")), edits);

			// the prediction hover on the publication
			Hover hover = ls.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(uri),
					new Position(4, 18))).get(60, TimeUnit.SECONDS);
			String markdown = hover.getContents().getRight().getValue();
			assertEquals("markdown", hover.getContents().getRight().getKind());
			assertTrue(markdown.startsWith("**publish T** in application `a`"), markdown);
			assertTrue(markdown.contains("Transport **baseline** (bound): predicted mean latency **"), markdown);
			assertTrue(markdown.contains("ReLate2 **"), markdown);
			assertTrue(markdown.contains("| # | transport | mean latency | delivery | ReLate2 | feasible |"), markdown);

			// semantic tokens: the bound transport is a "class" (AdamantSemanticHighlightingCalculator.TRANSPORT)
			List<String> legend = capabilities.getSemanticTokensProvider().getLegend().getTokenTypes();
			List<Integer> data = ls.getTextDocumentService()
					.semanticTokensFull(new SemanticTokensParams(new TextDocumentIdentifier(uri))).get(60, TimeUnit.SECONDS)
					.getData();
			assertEquals(0, data.size() % 5, data::toString);
			assertEquals("class", tokenAt(data, legend, 4, 48, 8), data::toString);
			assertEquals("interface", tokenAt(data, legend, 3, 19, 4), data::toString); // qos Fast

			// format document: tab indentation even when the editor indents with spaces (VS Code's default)
			assertTrue(capabilities.getDocumentFormattingProvider().getLeft(), "no documentFormattingProvider");
			String messyUri = workspace.resolve("messy.adamant").toUri().toString();
			ls.getTextDocumentService().didOpen(
					new DidOpenTextDocumentParams(new TextDocumentItem(messyUri, "adamant", 1, MESSY)));
			List<? extends TextEdit> formatting = ls.getTextDocumentService()
					.formatting(new DocumentFormattingParams(new TextDocumentIdentifier(messyUri), new FormattingOptions(4, true)))
					.get(60, TimeUnit.SECONDS);
			assertEquals(FORMATTED, apply(MESSY, formatting));
			ls.getTextDocumentService().didOpen(
					new DidOpenTextDocumentParams(new TextDocumentItem(messyUri.replace("messy", "tidy"), "adamant", 1, FORMATTED)));
			assertEquals(List.of(), ls.getTextDocumentService().formatting(new DocumentFormattingParams(
					new TextDocumentIdentifier(messyUri.replace("messy", "tidy")), new FormattingOptions(4, true)))
					.get(60, TimeUnit.SECONDS));

			ls.shutdown().get(30, TimeUnit.SECONDS);
			ls.exit();
			assertTrue(server.waitFor(30, TimeUnit.SECONDS), "the server did not exit after 'exit'");
		} finally {
			if (server.isAlive()) {
				server.destroyForcibly();
			}
		}
		String log = Files.readString(stderr);
		assertTrue(!log.contains("Exception"), () -> "server errors:\n" + log);
	}

	/** The token type at line/column with that length, decoding LSP's relative semantic token encoding. */
	private static String tokenAt(List<Integer> data, List<String> legend, int line, int column, int length) {
		int l = 0;
		int c = 0;
		for (int i = 0; i + 4 < data.size(); i += 5) {
			l += data.get(i);
			c = data.get(i) == 0 ? c + data.get(i + 1) : data.get(i + 1);
			if (l == line && c == column && data.get(i + 2) == length) {
				return legend.get(data.get(i + 3));
			}
		}
		return null;
	}

	private static List<String> labels(LanguageServer ls, String uri, Position position) throws Exception {
		Either<List<CompletionItem>, CompletionList> result = ls.getTextDocumentService()
				.completion(new CompletionParams(new TextDocumentIdentifier(uri), position)).get(60, TimeUnit.SECONDS);
		List<CompletionItem> items = result.isLeft() ? result.getLeft() : result.getRight().getItems();
		return items.stream().map(CompletionItem::getLabel).toList();
	}
}
