-- Drives Neovim's own LSP client in a workspace folder (the README's init.lua, root_dir the current folder):
-- waits until the server has read the folder, completes `lv:s` with the built-in completion (<C-x><C-o>), hovers
-- lv:Plugin, then jumps to its definition with vim.lsp.buf.definition(). Writes what it saw as JSON to
-- $PREFIXD_TEST_OUT and quits; every step is polled on a timer.

local out = os.getenv('PREFIXD_TEST_OUT')
local result = { steps = {} }
local deadline = vim.loop.now() + tonumber(os.getenv('PREFIXD_TEST_TIMEOUT') or '40000')

local function finish(err)
  result.error = err and tostring(err) or nil
  local file = io.open(out, 'w')
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd('qa!')
end

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

local function last_position()
  local last = vim.api.nvim_buf_line_count(0)
  local text = vim.api.nvim_buf_get_lines(0, last - 1, last, false)[1]
  return last, text
end

local function jump()
  vim.api.nvim_win_set_cursor(0, { 3, 12 })
  local hover = request('textDocument/hover', { textDocument = vim.lsp.util.make_text_document_params(), position = { line = 2, character = 12 } })
  result.hover = hover and hover.contents and hover.contents.value
  local from = vim.api.nvim_buf_get_name(0)
  vim.lsp.buf.definition()
  when('definition', function()
    local name = vim.api.nvim_buf_get_name(0)
    if name ~= from then return name end
  end, function(name)
    local cursor = vim.api.nvim_win_get_cursor(0)
    result.definition = { file = name, line = cursor[1], col = cursor[2], text = vim.api.nvim_get_current_line() }
    finish(nil)
  end)
end

when('server started', function()
  local c = client()
  return c and c.initialized and c
end, function()
  when('workspace read', function()
    local last, text = last_position()
    local answer = request('textDocument/completion', { textDocument = vim.lsp.util.make_text_document_params(), position = { line = last - 1, character = #text } })
    local items = answer and (answer.items or answer)
    return items and items[1] and items[1].label == 'lv:symbol'
  end, function()
    local last = last_position()
    vim.api.nvim_win_set_cursor(0, { last, 0 })
    vim.api.nvim_input('A<C-x><C-o>')
    when('completion menu', function()
      if vim.fn.pumvisible() ~= 1 then return nil end
      return vim.fn.complete_info({ 'items' }).items
    end, function(items)
      result.completion = {}
      for _, item in ipairs(items) do table.insert(result.completion, item.word) end
      result.info = items[1] and items[1].info
      vim.api.nvim_input('<C-e><Esc>')
      when('menu closed', function() return vim.fn.pumvisible() == 0 and vim.fn.mode() == 'n' end, jump)
    end)
  end)
end)
