// Where each domino of a Wildfire or Wildstar layout is drawn. The rules ignore geometry
// (D-WF-4), so the picture only has to be readable: the centre in the middle, its arms
// radiating at equal angles (four for the hub, five for the star), and every later tile
// one step further out than the end it was laid on. Each subtree gets a slice of its
// arm's angle in proportion to how many leaves it has, counting the open places still to
// fill, so branches never cross and there is room for the tiles still to come.

const DEG = 180 / Math.PI;

/**
 * nodes: [{id, parent}] in the order laid (node 0 is the centre); open: Map end id -> places
 * left. Returns {at: Map id -> {x, y, angle, depth}, ghosts: [{end, slot, x, y, angle}], radius}.
 */
export function radialLayout(nodes, open, { arms, u, centreRadius }) {
  const children = new Map(nodes.map((n) => [n.id, []]));
  for (const n of nodes) if (n.id !== 0 && children.has(n.parent)) children.get(n.parent).push(n.id);
  // An open end shows at most three places: a double's three openings, an obligation's slots.
  const ghostsOf = (id) => Math.min(open.get(id) || 0, 3);
  const weight = new Map();
  const weigh = (id) => {
    let w = ghostsOf(id);
    for (const c of children.get(id)) w += weigh(c);
    w = Math.max(w, 1);
    weight.set(id, w);
    return w;
  };
  if (!nodes.length) return { at: new Map(), ghosts: [], radius: centreRadius };
  weigh(0);

  const step = 2 * u + u * 0.35;
  const radiusAt = (depth) => centreRadius + u + (depth - 1) * step;
  const at = new Map([[0, { x: 0, y: 0, angle: 0, depth: 0 }]]);
  const ghosts = [];
  let radius = centreRadius;

  // A tile's angle within its slice: as close to its parent's ray as the slice allows, but
  // a tile's width in from the slice's edges, so that siblings never touch. Far from the
  // centre a slice is wide; placing each branch at the middle of its slice would fling it
  // far from the double it grows from.
  const angleIn = (depth, from, to, near) => {
    const margin = Math.min((to - from) / 2, (u * 0.75) / radiusAt(depth));
    return Math.min(Math.max(near, from + margin), to - margin);
  };
  const place = (id, depth, from, to, near) => {
    const angle = angleIn(depth, from, to, near);
    const r = radiusAt(depth);
    at.set(id, { x: r * Math.cos(angle), y: r * Math.sin(angle), angle: angle * DEG, depth });
    radius = Math.max(radius, r + u);
    spread(id, depth, from, to, angle);
  };
  // Share [from, to] among a node's children and ghost places, by weight, in play order.
  const spread = (id, depth, from, to, near) => {
    const parts = children.get(id).map((c) => ({ child: c, w: weight.get(c) }));
    for (let slot = 0; slot < ghostsOf(id); slot++) parts.push({ ghost: slot, w: 1 });
    const total = parts.reduce((sum, p) => sum + p.w, 0) || 1;
    let a = from;
    for (const part of parts) {
      const b = a + ((to - from) * part.w) / total;
      if (part.child !== undefined) place(part.child, depth + 1, a, b, near);
      else {
        const angle = angleIn(depth + 1, a, b, near);
        const r = radiusAt(depth + 1);
        ghosts.push({ end: id, slot: part.ghost, x: r * Math.cos(angle), y: r * Math.sin(angle), angle: angle * DEG });
        radius = Math.max(radius, r + u);
      }
      a = b;
    }
  };

  // The centre's arms are fixed slices, whatever they hold, so the hub or star keeps its shape;
  // arm 0 points straight up.
  const slice = (2 * Math.PI) / arms;
  const start = -Math.PI / 2 - slice / 2;
  const armParts = children.get(0).map((c) => ({ child: c }));
  for (let slot = 0; slot < ghostsOf(0); slot++) armParts.push({ ghost: slot });
  armParts.slice(0, Math.max(arms, armParts.length)).forEach((part, i) => {
    const a = start + i * slice;
    if (part.child !== undefined) place(part.child, 1, a, a + slice, a + slice / 2);
    else {
      const mid = a + slice / 2;
      const r = radiusAt(1);
      ghosts.push({ end: 0, slot: part.ghost, x: r * Math.cos(mid), y: r * Math.sin(mid), angle: mid * DEG });
      radius = Math.max(radius, r + u);
    }
  });
  return { at, ghosts, radius };
}
