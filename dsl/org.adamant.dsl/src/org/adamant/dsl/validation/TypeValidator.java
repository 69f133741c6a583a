package org.adamant.dsl.validation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.adamant.dsl.adamant.Member;
import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.adamant.NamedRef;
import org.adamant.dsl.adamant.SequenceRef;
import org.adamant.dsl.adamant.StructType;
import org.adamant.dsl.adamant.TypeRef;
import org.adamant.dsl.semantics.Limits;
import org.eclipse.xtext.validation.Check;

/**
 * Data types have a value: no struct contains itself (directly, through other structs or through
 * sequences), and nesting stays within {@link Limits#MAX_TYPE_NESTING}. The walks here are
 * iterative, so a hostile model cannot overflow the stack.
 */
public class TypeValidator extends AbstractAdamantRules {

	@Check
	public void checkSequenceNesting(Member member) {
		int depth = 0;
		for (TypeRef t = member.getType(); t instanceof SequenceRef s; t = s.getElement()) {
			depth++;
		}
		if (depth > Limits.MAX_TYPE_NESTING) {
			error("Member '" + member.getName() + "' nests " + depth + " sequences; at most " + Limits.MAX_TYPE_NESTING
					+ " are allowed: flatten the type (e.g. one sequence of a struct)", member, P.getMember_Type(),
					IssueCodes.TYPE_NESTING_TOO_DEEP);
		}
	}

	/**
	 * One depth-first walk over the file's structs: each cycle is reported once, on its first struct
	 * in the file; a struct nested too deep is reported where the nesting starts (on the outermost
	 * struct, which no other struct of the file contains).
	 */
	@Check
	public void checkStructNesting(Model model) {
		List<StructType> structs = new ArrayList<>();
		model.getElements().stream().filter(StructType.class::isInstance).map(StructType.class::cast)
				.forEach(structs::add);
		Map<StructType, Integer> order = new HashMap<>();
		for (int i = 0; i < structs.size(); i++) {
			order.putIfAbsent(structs.get(i), i);
		}
		Map<StructType, List<StructType>> children = new HashMap<>();
		Set<StructType> contained = new HashSet<>();
		for (StructType s : structs) {
			List<StructType> c = contents(s, order);
			children.put(s, c);
			contained.addAll(c);
		}
		Map<StructType, Integer> height = new HashMap<>(); // -1: in or above a cycle
		for (StructType root : structs) {
			if (!height.containsKey(root)) {
				walk(root, children, order, height);
			}
		}
		for (StructType s : structs) {
			int h = height.getOrDefault(s, -1);
			if (h > Limits.MAX_TYPE_NESTING && !contained.contains(s)) {
				List<String> chain = new ArrayList<>();
				StructType t = s;
				while (t != null && chain.size() <= Limits.CYCLE_NAMES_SHOWN) {
					chain.add(t.getName());
					int below = height.get(t) - 1;
					t = children.get(t).stream().filter(c -> height.getOrDefault(c, -1) == below).findFirst()
							.orElse(null);
				}
				error("Struct '" + s.getName() + "' nests structs " + h + " levels deep (" + names(chain, h)
						+ "); at most " + Limits.MAX_TYPE_NESTING + " are allowed: flatten the type", s,
						P.getElement_Name(), IssueCodes.TYPE_NESTING_TOO_DEEP);
			}
		}
	}

	/** Post-order walk from {@code root} with an explicit stack, filling {@code height}. */
	private void walk(StructType root, Map<StructType, List<StructType>> children, Map<StructType, Integer> order,
			Map<StructType, Integer> height) {
		List<StructType> path = new ArrayList<>();
		List<Integer> next = new ArrayList<>();
		Map<StructType, Integer> onPath = new HashMap<>();
		path.add(root);
		next.add(0);
		onPath.put(root, 0);
		while (!path.isEmpty()) {
			int top = path.size() - 1;
			StructType s = path.get(top);
			List<StructType> c = children.get(s);
			int i = next.get(top);
			if (i < c.size()) {
				next.set(top, i + 1);
				StructType child = c.get(i);
				Integer at = onPath.get(child);
				if (at != null) {
					reportCycle(path.subList(at, path.size()), order);
				} else if (!height.containsKey(child)) {
					onPath.put(child, path.size());
					path.add(child);
					next.add(0);
				}
				continue;
			}
			int h = 1;
			for (StructType child : c) {
				Integer ch = height.get(child);
				if (ch == null || ch < 0) {
					h = -1;
					break;
				}
				h = Math.max(h, ch + 1);
			}
			height.put(s, h);
			onPath.remove(s);
			path.remove(top);
			next.remove(top);
		}
	}

	private void reportCycle(List<StructType> cycle, Map<StructType, Integer> order) {
		int first = 0;
		for (int i = 1; i < cycle.size(); i++) {
			if (order.get(cycle.get(i)) < order.get(cycle.get(first))) {
				first = i;
			}
		}
		List<String> chain = new ArrayList<>();
		for (int i = 0; i <= Math.min(cycle.size(), Limits.CYCLE_NAMES_SHOWN); i++) {
			chain.add(cycle.get((first + i) % cycle.size()).getName());
		}
		StructType s = cycle.get(first);
		String how = cycle.size() == 1 ? "contains itself"
				: "contains itself through a cycle of " + cycle.size() + " structs";
		error("Struct '" + s.getName() + "' " + how + " (" + names(chain, cycle.size() + 1)
				+ "): a recursive struct has no C++/IDL value type; refer to the other sample by its key "
				+ "(e.g. uint32 next_id) instead", s, P.getElement_Name(), IssueCodes.TYPE_CONTAINS_ITSELF);
	}

	/** "A > B > C", with "> ..." when the chain of {@code length} was cut. */
	private static String names(List<String> chain, int length) {
		return String.join(" > ", chain) + (chain.size() < length ? " > ..." : "");
	}

	/** The structs of this file that {@code s}'s members hold, through sequences and arrays. */
	private static List<StructType> contents(StructType s, Map<StructType, Integer> inFile) {
		List<StructType> result = new ArrayList<>();
		for (Member m : s.getMembers()) {
			TypeRef t = m.getType();
			while (t instanceof SequenceRef seq) {
				t = seq.getElement();
			}
			if (t instanceof NamedRef n && n.getType() instanceof StructType st && !st.eIsProxy()
					&& inFile.containsKey(st) && !result.contains(st)) {
				result.add(st);
			}
		}
		return result;
	}
}
