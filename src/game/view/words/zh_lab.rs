//! Simplified Chinese for the heuristic lab and its lesson (kept apart from `zh.rs` for its
//! length; `entries` joins them, `assets/fonts/subset.sh` reads both).

/// (English, Chinese), as in `zh.rs`.
pub(super) const TABLE: &[(&str, &str)] = &[
    ("Save Posthoc trace", "保存 Posthoc 轨迹"),
    (
        "a .map, a .3dmap or .vox world, a .scen's crowd, or a search trace to replay (*.trace.json, *.trace.yaml)",
        "一个 .map、一个 .3dmap 或 .vox 世界、一个 .scen 的群体，或一个要回放的搜索轨迹（*.trace.json、*.trace.yaml）",
    ),
    (
        "replaying {}, another planner's search opened from a file: a new board returns to cubepath's",
        "正在回放 {}：从文件打开的另一个规划器的搜索；换一个新棋盘就回到 cubepath 自己的搜索",
    ),
    ("opened {}: {} events, {} expansions, replayed in the step view", "已打开 {}：{} 个事件，{} 次扩展，在单步视图中回放"),
    ("could not open the trace, the board is kept: {}", "无法打开轨迹，棋盘保持不变：{}"),
    ("{}: no expanding events: nothing to replay", "{}：没有扩展事件，无可回放"),
    ("{}: not UTF-8 text", "{}：不是 UTF-8 文本"),
    (
        "{}:{}: the cell {},{} is off this {} x {} board or a barrier: open the trace's map first",
        "{}:{}：格子 {},{} 在这个 {} x {} 棋盘之外或是障碍：请先打开轨迹对应的地图",
    ),
    ("{}:{}: the event has no x and y", "{}:{}：这个事件没有 x 和 y"),
    (
        "the search as a trace ShortestPathLab's Posthoc replays: search.trace.json, with the board saved as a .map beside it",
        "把搜索保存为 ShortestPathLab 的 Posthoc 能回放的轨迹：search.trace.json，棋盘另存为旁边的 .map",
    ),
    ("Break the estimate", "打破估计"),
    (
        "The heuristic lab's estimate is three times the straight line: pink cells are over the true cost, and A*'s black path costs more than the least. Now pick 'on odd columns only' in the Heuristic lab: never over, but it drops by more than a move costs (cyan).",
        "启发函数实验室的估计是直线距离的三倍：粉色格子高于真实代价，A* 的黑色路径比最小代价更贵。现在在启发函数实验室里选“只在奇数列上”：从不高估，但下降超过一步的代价（青色）。",
    ),
    (
        "An estimate over the true cost lets A* settle for a dearer path. One never over but dropping too fast (inconsistent) still gives the least cost, but A* must take cells back and expand them again.",
        "高于真实代价的估计会让 A* 满足于更贵的路径。从不高估但下降太快（不一致）的估计仍能给出最小代价，但 A* 必须把格子收回并再次扩展。",
    ),
    // The heuristic lab
    ("Heuristic lab", "启发函数实验室"),
    (
        "Write an estimate of the cost from a cell to the end: dx, dy (the end minus the cell), x, y, gx, gy, straight, diagonal, sqrt2; + - * / ^; abs, sqrt, min, max, hypot, floor, ceil, round.",
        "写一个从某格到终点的代价估计：dx、dy（终点减去该格）、x、y、gx、gy、straight、diagonal、sqrt2；+ - * / ^；abs、sqrt、min、max、hypot、floor、ceil、round。",
    ),
    ("octile: exact on an open board", "八方向距离：在空旷的棋盘上恰好准确"),
    ("Chebyshev: never over, less sharp", "切比雪夫距离：从不高估，但不够精确"),
    ("Manhattan: over where diagonals pay", "曼哈顿距离：能走斜线时会高估"),
    ("three times the straight line: far over", "三倍直线距离：严重高估"),
    ("on odd columns only: never over, drops", "只在奇数列上：从不高估，但会骤降"),
    ("max(abs(dx), abs(dy)) * (round(x / 2) - floor(x / 2))", "max(abs(dx), abs(dy)) * (round(x / 2) - floor(x / 2))"),
    ("max(abs(dx), abs(dy)) + (sqrt2 - 1) * min(abs(dx), abs(dy))", "max(abs(dx), abs(dy)) + (sqrt2 - 1) * min(abs(dx), abs(dy))"),
    ("max(abs(dx), abs(dy))", "max(abs(dx), abs(dy))"),
    ("abs(dx) + abs(dy)", "abs(dx) + abs(dy)"),
    ("3 * hypot(dx, dy)", "3 * hypot(dx, dy)"),
    ("Show it on the board", "在棋盘上显示"),
    (
        "over the true cost at {} cells (inadmissible); worst by {} at {},{}",
        "在 {} 个格子上高于真实代价（不可采纳）；最多高出 {}，在 {},{}",
    ),
    ("never over the true cost: admissible here", "从不高于真实代价：在这里是可采纳的"),
    ("drops by more than a move costs at {} cells (inconsistent)", "在 {} 个格子上下降超过一步的代价（不一致）"),
    ("never drops by more than a move costs: consistent here", "下降从不超过一步的代价：在这里是一致的"),
    ("A* with it: cost {}, the least {} ({} %)", "用它的 A*：代价 {}，最小代价 {}（{} %）"),
    ("{} expansions, {} of them cells expanded again", "{} 次扩展，其中 {} 次是重复扩展的格子"),
    ("pick a start too: A* runs with the estimate from it", "再选一个起点：A* 会从那里用这个估计运行"),
    (
        "judged on boards of up to {} cells, the end's true costs by a Dijkstra backwards",
        "只评判不超过 {} 格的棋盘；到终点的真实代价由从终点反向的 Dijkstra 算出",
    ),
    ("over the true cost (inadmissible)", "高于真实代价（不可采纳）"),
    ("drops by more than a move costs (inconsistent)", "下降超过一步的代价（不一致）"),
    ("exact", "准确"),
    ("far under the true cost", "远低于真实代价"),
    ("A*'s path with it", "用它的 A* 路径"),
    ("the lab judges boards of up to {} cells", "实验室只评判不超过 {} 格的棋盘"),
    ("pick an end: the estimate is judged against the true cost to it", "请选一个终点：估计会与到它的真实代价比较"),
    ("the estimate at {},{} is {}: an estimate must be a number of at least 0", "{},{} 处的估计是 {}：估计必须是不小于 0 的数"),
];
