-- Drives Neovim's own LSP client as a person would, after the README's init.lua: waits for the
-- diagnostics, takes the code action fixing one, hovers a name, then completes `schema:Per` with the
-- built-in completion (<C-x><C-o>) and accepts `schema:Person`. Writes what it saw as JSON to
-- $PREFIXD_TEST_OUT and quits; every step is polled on a timer, so nothing here sleeps.

local out = os.getenv('PREFIXD_TEST_OUT')
local result = { steps = {} }
local deadline = vim.loop.now() + tonumber(os.getenv('PREFIXD_TEST_TIMEOUT') or '40000')

local function finish(err)
  result.error = err and tostring(err) or nil
  result.lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  local file = io.open(out, 'w')
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd('qa!')
end

-- Calls `after(value)` once `condition()` gives a value, checking every 10 ms.
local function when(name, condition, after)
  local timer = vim.loop.new_timer()
  timer:start(10, 10, vim.schedule_wrap(function()
    if not timer:is_active() then return end
    local ok, value = pcall(condition)
    if ok and not value and vim.loop.now() < deadline then return end
    timer:stop()
    timer:close()
    if not ok then return finish(name .. ': ' .. tostring(value)) end
    if not value then return finish('timed out waiting for ' .. name) end
    table.insert(result.steps, name)
    local done, err = pcall(after, value)
    if not done then finish(name .. ': ' .. tostring(err)) end
  end))
end

local function client()
  return vim.lsp.buf_get_clients(0)[next(vim.lsp.buf_get_clients(0))]
end

local function request(method, params)
  local answers = vim.lsp.buf_request_sync(0, method, params, 10000)
  for _, answer in pairs(answers or {}) do
    if answer.error then error(method .. ': ' .. vim.inspect(answer.error)) end
    return answer.result
  end
end

local function complete()
  local last = vim.api.nvim_buf_line_count(0)
  vim.api.nvim_win_set_cursor(0, { last, 0 })
  vim.api.nvim_input('A<C-x><C-o>')
  when('completion menu', function()
    if vim.fn.pumvisible() ~= 1 then return nil end
    return vim.fn.complete_info({ 'items' }).items
  end, function(items)
    result.completion = {}
    local pick
    for i, item in ipairs(items) do
      table.insert(result.completion, item.word)
      if item.word == 'schema:Person' then pick = i - 1 end
    end
    if pick == nil then return finish(nil) end
    result.info = items[pick + 1].info
    vim.api.nvim_select_popupmenu_item(pick, true, true, {})
    vim.api.nvim_input('<Esc>')
    when('declaration', function()
      for _, line in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
        if line:match('^@prefix schema:') then return true end
      end
    end, function() finish(nil) end)
  end)
end

when('server started', function()
  local c = client()
  return c and c.initialized and c
end, function()
  when('diagnostics', function()
    local found = vim.diagnostic.get(0)
    for _, d in ipairs(found) do
      if d.user_data and d.user_data.lsp and d.user_data.lsp.code == 'unknown-term' then return found end
    end
  end, function(found)
    result.diagnostics = {}
    for _, d in ipairs(found) do table.insert(result.diagnostics, { line = d.lnum, col = d.col, message = d.message, code = d.user_data.lsp.code }) end
    local line = 3
    local lsp_diagnostics = vim.lsp.diagnostic.get_line_diagnostics(0, line)
    local actions = request('textDocument/codeAction', {
      textDocument = vim.lsp.util.make_text_document_params(),
      range = lsp_diagnostics[1].range,
      context = { diagnostics = lsp_diagnostics },
    })
    result.actions = {}
    for _, action in ipairs(actions or {}) do
      table.insert(result.actions, action.title)
      if action.isPreferred and action.edit then vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16') end
    end
    local hover = request('textDocument/hover', {
      textDocument = vim.lsp.util.make_text_document_params(),
      position = { line = line, character = 12 },
    })
    result.hover = hover and hover.contents and hover.contents.value
    complete()
  end)
end)
