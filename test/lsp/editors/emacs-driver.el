;;; emacs-driver.el --- drives eglot as a person would, after the README's init.el  -*- lexical-binding: t -*-
;; Visits $PREFIXD_TEST_FILE, waits for the diagnostics, takes the preferred code action fixing one,
;; hovers a name, then completes `schema:Per' through eglot's completion-at-point table (its own
;; filtering) and accepts `schema:Person' as completion-at-point does (insert, then the exit function).
;; Writes what it saw as JSON to $PREFIXD_TEST_OUT and exits.

(require 'eglot)
(require 'flymake)
(load (expand-file-name "emacs-steps" (file-name-directory load-file-name)) nil t)

(condition-case err
    (progn
      (find-file (getenv "PREFIXD_TEST_FILE"))
      ;; eglot-ensure connects after the command that visited the file: as the command loop would.
      (run-hooks 'post-command-hook)
      (prefixd-test-wait "the server" (lambda () (eglot-current-server)))
      (prefixd-test-note 'mode (symbol-name major-mode))
      (flymake-start)
      (let ((diagnostics (prefixd-test-wait "diagnostics"
                                            (lambda ()
                                              (cl-remove-if-not (lambda (d) (string-match-p "not a term" (flymake-diagnostic-text d)))
                                                                (flymake-diagnostics))))))
        (prefixd-test-note 'diagnostics (vconcat (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
        (let* ((diagnostic (car diagnostics))
               (actions (eglot-code-actions (flymake-diagnostic-beg diagnostic) (flymake-diagnostic-end diagnostic)))
               (preferred (cl-find-if (lambda (a) (plist-get a :isPreferred)) actions)))
          (prefixd-test-note 'actions (vconcat (mapcar (lambda (a) (plist-get a :title)) actions)))
          ;; What eglot does with the action a person picks.
          (when preferred (eglot--apply-workspace-edit (plist-get preferred :edit)))))
      ;; eglot tells the server of edits when Emacs is idle: as it would by now.
      (eglot--signal-textDocument/didChange)
      (goto-char (prefixd-test-line-position 3 12))
      (let ((hover (jsonrpc-request (eglot--current-server-or-lose) :textDocument/hover (eglot--TextDocumentPositionParams))))
        (prefixd-test-note 'hover (eglot--hover-info (plist-get hover :contents))))
      (goto-char (prefixd-test-line-position 4 0))
      (end-of-line)
      (prefixd-test-complete (eglot-completion-at-point) "schema:Person")
      (prefixd-test-finish nil))
  (error (prefixd-test-finish (error-message-string err))))
