-- What the Neovim drivers share (neovim-driver.lua, neovim-workspace-driver.lua, neovim-format.lua): what they saw,
-- written as JSON to $PREFIXD_TEST_OUT with the buffer's lines when they finish; steps polled on a timer until
-- $PREFIXD_TEST_TIMEOUT ms (40,000 unless set), so that nothing sleeps; the buffer's client; a request answered in
-- place; the built-in completion at the end of the last line. A driver loads it with dofile() from its own folder.

local M = { result = { steps = {} } }
local out = os.getenv('PREFIXD_TEST_OUT')
local deadline = vim.loop.now() + tonumber(os.getenv('PREFIXD_TEST_TIMEOUT') or '40000')

-- Writes the result (with `err`, if any, and the buffer's lines) and quits.
function M.finish(err)
  M.result.error = err and tostring(err) or nil
  M.result.lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  local file = io.open(out, 'w')
  file:write(vim.fn.json_encode(M.result))
  file:close()
  vim.cmd('qa!')
end

-- Calls `after(value)` once `condition()` gives a value, checking every 10 ms; the step's name goes in the result.
function M.when(name, condition, after)
  local timer = vim.loop.new_timer()
  timer:start(10, 10, vim.schedule_wrap(function()
    if not timer:is_active() then return end
    local ok, value = pcall(condition)
    if ok and not value and vim.loop.now() < deadline then return end
    timer:stop()
    timer:close()
    if not ok then return M.finish(name .. ': ' .. tostring(value)) end
    if not value then return M.finish('timed out waiting for ' .. name) end
    table.insert(M.result.steps, name)
    local done, err = pcall(after, value)
    if not done then M.finish(name .. ': ' .. tostring(err)) end
  end))
end

-- The buffer's language client, once it has answered `initialize`.
function M.started()
  local clients = vim.lsp.buf_get_clients(0)
  local client = clients[next(clients)]
  return client and client.initialized and client
end

-- The result of `method` for the buffer; an error answer is raised.
function M.request(method, params)
  local answers = vim.lsp.buf_request_sync(0, method, params, 10000)
  for _, answer in pairs(answers or {}) do
    if answer.error then error(method .. ': ' .. vim.inspect(answer.error)) end
    return answer.result
  end
end

-- Completes at the end of the last line with the built-in completion (<C-x><C-o>), as a person would; once the menu
-- shows, its words go in the result and `after(items)` runs.
function M.complete_at_end(after)
  vim.api.nvim_win_set_cursor(0, { vim.api.nvim_buf_line_count(0), 0 })
  vim.api.nvim_input('A<C-x><C-o>')
  M.when('completion menu', function()
    if vim.fn.pumvisible() ~= 1 then return nil end
    return vim.fn.complete_info({ 'items' }).items
  end, function(items)
    M.result.completion = {}
    for _, item in ipairs(items) do table.insert(M.result.completion, item.word) end
    after(items)
  end)
end

return M
