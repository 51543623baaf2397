# A 512 x 512 map with 10 % scattered obstacles and 120 problems whose optimal lengths come from
# a plain Dijkstra written here (octile moves, no corner cutting), independent of cubepath.
import heapq, random, math
W = H = 512
rng = random.Random(20261130)
grid = [['@' if rng.random() < 0.10 else '.' for _ in range(W)] for _ in range(H)]
def ok(x, y): return 0 <= x < W and 0 <= y < H and grid[y][x] == '.'
S2 = math.sqrt(2)
def dijkstra(sx, sy):
    dist = {(sx, sy): 0.0}
    heap = [(0.0, sx, sy)]
    while heap:
        d, x, y = heapq.heappop(heap)
        if d > dist[(x, y)]: continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx == 0 and dy == 0: continue
                nx, ny = x + dx, y + dy
                if not ok(nx, ny): continue
                if dx and dy and not (ok(x + dx, y) and ok(x, y + dy)): continue
                nd = d + (S2 if dx and dy else 1.0)
                if nd < dist.get((nx, ny), 1e18):
                    dist[(nx, ny)] = nd
                    heapq.heappush(heap, (nd, nx, ny))
    return dist
floor = [(x, y) for y in range(H) for x in range(W) if grid[y][x] == '.']
lines = ["version 1"]
n = 0
while n < 120:
    s = rng.choice(floor)
    dist = dijkstra(*s)
    for _ in range(4):
        g = rng.choice(floor)
        if g in dist and g != s:
            lines.append(f"{n // 10}\trandom512-10.map\t{W}\t{H}\t{s[0]}\t{s[1]}\t{g[0]}\t{g[1]}\t{dist[g]:.8f}")
            n += 1
with open('/tmp/gen/random512-10.map', 'w') as f:
    f.write(f"type octile\nheight {H}\nwidth {W}\nmap\n")
    for row in grid: f.write(''.join(row) + '\n')
with open('/tmp/gen/random512-10.map.scen', 'w') as f:
    f.write('\n'.join(lines[:121]) + '\n')
print(min(n, 120), 'problems written')
