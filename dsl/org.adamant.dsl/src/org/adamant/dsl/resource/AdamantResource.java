package org.adamant.dsl.resource;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;

import org.eclipse.xtext.linking.lazy.LazyLinkingResource;

/**
 * A model file. Editors on some systems start UTF-8 files with a byte-order mark (EF BB BF); it is
 * not part of the text, so it is skipped rather than read as a character the grammar rejects.
 */
public class AdamantResource extends LazyLinkingResource {

	@Override
	protected Reader createReader(InputStream inputStream) throws IOException {
		if (!StandardCharsets.UTF_8.name().equalsIgnoreCase(getEncoding())) {
			return super.createReader(inputStream);
		}
		BufferedInputStream in = new BufferedInputStream(inputStream);
		in.mark(3);
		byte[] head = in.readNBytes(3);
		if (head.length < 3 || (head[0] & 0xff) != 0xEF || (head[1] & 0xff) != 0xBB || (head[2] & 0xff) != 0xBF) {
			in.reset();
		}
		return super.createReader(in);
	}
}
