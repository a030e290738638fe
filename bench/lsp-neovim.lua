-- bench/lsp.ts's driver inside Neovim (headless, its own LSP client, the README's init.lua): times
-- what a person meets, from Neovim's side. $BENCH_MODE `first`: server spawn → the first completion
-- answered. `large`: on a 1 MB document, open → diagnostics, edits → diagnostics, 50 completions at
-- positions across it (the first ones included), the server's RSS. Writes JSON to $BENCH_OUT and quits.
-- Loaded with --cmd (before init.lua), so it sees the server start; the steps run on timers.

local uv = vim.loop
local out = os.getenv('BENCH_OUT')
local mode = os.getenv('BENCH_MODE')
local result = { nvim_start = uv.hrtime() }
local ms = function(t) return (t - result.nvim_start) / 1e6 end

-- The server's start, and Neovim's 150 ms wait before sending edits turned off: edit → diagnostics times the server, not the wait.
local start_client = vim.lsp.start_client
vim.lsp.start_client = function(config)
  result.spawn = uv.hrtime()
  config.flags = vim.tbl_extend('force', config.flags or {}, { debounce_text_changes = 0 })
  return start_client(config)
end

-- Every diagnostics publication, timed.
local published = {}
local publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, params, ctx, config)
  local errors = 0
  for _, d in ipairs(params.diagnostics) do if d.severity == 1 then errors = errors + 1 end end
  table.insert(published, { at = uv.hrtime(), errors = errors, count = #params.diagnostics })
  return publish(err, params, ctx, config)
end

local function finish(err)
  result.error = err and tostring(err) or nil
  result.nvim_start = nil
  result.spawn = nil
  local file = io.open(out, 'w')
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd('qa!')
end

local function when(condition, after, every)
  local timer = uv.new_timer()
  local deadline = uv.now() + 120000
  timer:start(every or 1, every or 1, vim.schedule_wrap(function()
    if not timer:is_active() then return end
    local ok, value = pcall(condition)
    if ok and not value and uv.now() < deadline then return end
    timer:stop()
    timer:close()
    if not ok or not value then return finish(ok and 'timed out' or value) end
    local done, e = pcall(after, value)
    if not done then finish(e) end
  end))
end

local function client()
  local clients = vim.lsp.buf_get_clients(0)
  local c = clients[next(clients)]
  return c and c.initialized and c
end

local function complete(line, character, callback)
  local asked = uv.hrtime()
  vim.lsp.buf_request(0, 'textDocument/completion', { textDocument = vim.lsp.util.make_text_document_params(), position = { line = line, character = character } }, function(err, list)
    callback((uv.hrtime() - asked) / 1e6, err or list)
  end)
end

local function labels(list)
  local found = {}
  for _, item in ipairs((list and list.items) or list or {}) do found[item.label] = true end
  return found
end

local function first()
  when(client, function(c)
    local attached = uv.hrtime()
    complete(0, 16, function(_, list)
      local now = uv.hrtime()
      if not labels(list)['foaf:Person'] then return finish('the first completion lacks foaf:Person') end
      result.spawn_to_attached = (attached - result.spawn) / 1e6
      result.spawn_to_completion = (now - result.spawn) / 1e6
      result.nvim_to_completion = ms(now)
      -- The server's main thread's CPU time (user + system, in 10 ms ticks) up to the answer.
      local stat = io.open('/proc/' .. c.rpc.pid .. '/task/' .. c.rpc.pid .. '/stat'):read('*a'):gsub('^.*%) ', '')
      local fields = vim.split(stat, ' ')
      result.server_cpu_ms = (tonumber(fields[12]) + tonumber(fields[13])) * 10
      finish(nil)
    end)
  end)
end

-- CPU time (user + system, 10 ms ticks) of the server's main thread and of its whole process (the syntax thread too).
local function cpu(pid)
  local function ticks(path)
    local fields = vim.split(io.open(path):read('*a'):gsub('^.*%) ', ''), ' ')
    return (tonumber(fields[12]) + tonumber(fields[13])) * 10
  end
  return { main = ticks('/proc/' .. pid .. '/task/' .. pid .. '/stat'), all = ticks('/proc/' .. pid .. '/stat') }
end

local function rss(pid)
  local status = io.open('/proc/' .. pid .. '/status'):read('*a')
  return { rss = tonumber(status:match('VmRSS:%s+(%d+)')) / 1024, peak = tonumber(status:match('VmHWM:%s+(%d+)')) / 1024 }
end

local function large()
  local opened
  when(client, function(c)
    opened = opened or uv.hrtime()
    result.idle = nil
    when(function() return published[1] end, function(p)
      result.open_to_diagnostics = (p.at - opened) / 1e6
      local lines = vim.api.nvim_buf_line_count(0)
      -- Edits at a statement's start a third of the way in: a statement broken, then mended, five times each.
      local at = math.floor(lines / 3)
      while not vim.api.nvim_buf_get_lines(0, at - 1, at, false)[1]:match(' %.$') do at = at + 1 end
      result.edits, result.first_published = {}, {}
      local round = 0
      local function edit()
        if round == 10 then return completions(c) end
        local broken = round % 2 == 0
        local seen = #published
        local began = uv.hrtime()
        vim.api.nvim_buf_set_lines(0, at, round > 0 and at + 1 or at, false, { broken and 'ex:x ex:y .' or 'ex:x ex:y ex:z .' })
        when(function()
          for i = seen + 1, #published do
            if (published[i].errors > 0) == broken then return published[i] end
          end
        end, function(p)
          table.insert(result.edits, (p.at - began) / 1e6)
          table.insert(result.first_published, (published[seen + 1].at - began) / 1e6)
          round = round + 1
          edit()
        end)
      end
      edit()
    end)
  end)
end

-- 50 completions, each after typing a partial name on a new line somewhere in the document.
function completions(c)
  local lines = vim.api.nvim_buf_line_count(0)
  local typed = { 'ex:new a schema:Per', 'ex:new foaf:kno', 'ex:new a dcat:Data', 'ex:new schema:auth', 'ex:new a foaf:Pers', 'ex:new dcterms:tit', 'ex:new a skos:Conc', 'ex:new rdfs:lab', 'ex:new a owl:Cla', 'ex:new schema:na' }
  local expected = { 'schema:Person', 'foaf:knows', 'dcat:Dataset', 'schema:author', 'foaf:Person', 'dcterms:title', 'skos:Concept', 'rdfs:label', 'owl:Class', 'schema:name' }
  result.completions, result.completions_asked = {}, {}
  result.completions_cpu = cpu(c.rpc.pid)
  local i = 0
  local function next_one()
    if i == 50 then
      local after = cpu(c.rpc.pid)
      result.completions_cpu = { main = after.main - result.completions_cpu.main, all = after.all - result.completions_cpu.all }
      result.rss = rss(c.rpc.pid)
      return finish(nil)
    end
    local k = i % #typed + 1
    local line = math.floor(lines * (i + 1) / 52)
    while not vim.api.nvim_buf_get_lines(0, line - 1, line, false)[1]:match(' %.$') do line = line + 1 end
    vim.api.nvim_buf_set_lines(0, line, line, false, { typed[k] })
    local asked = uv.hrtime() / 1e6
    complete(line, #typed[k], function(took, list)
      if not labels(list)[expected[k]] then return finish('no ' .. expected[k] .. ' among the completions at line ' .. line) end
      table.insert(result.completions, took)
      -- When each was asked, on the monotonic clock a server's PREFIXD_LSP_TRACE timeline uses too.
      table.insert(result.completions_asked, asked)
      vim.api.nvim_buf_set_lines(0, line, line + 1, false, {})
      i = i + 1
      next_one()
    end)
  end
  next_one()
end

vim.api.nvim_create_autocmd('VimEnter', { callback = function()
  if mode == 'first' then first() else large() end
end })
