;;; emacs-workspace-driver.el --- drives eglot in a workspace folder, after the README's init.el  -*- lexical-binding: t -*-
;; Visits $PREFIXD_TEST_FILE inside a git repository (the project eglot hands the server as its workspace folder),
;; waits until completion at the end answers with the workspace's own term first, completes `lv:s' through eglot's
;; completion-at-point table, hovers lv:Plugin, then jumps to its definition with xref as M-. does.
;; Writes what it saw as JSON to $PREFIXD_TEST_OUT and exits.

(require 'eglot)
(require 'xref)
(load (expand-file-name "emacs-steps" (file-name-directory load-file-name)) nil t)

(defun prefixd-test-first-label ()
  "The first item's label of a completion asked at point, straight from the server."
  (let* ((answer (jsonrpc-request (eglot--current-server-or-lose) :textDocument/completion (eglot--TextDocumentPositionParams)))
         (items (if (vectorp answer) answer (plist-get answer :items))))
    (and (> (length items) 0) (plist-get (aref items 0) :label))))

(condition-case err
    (progn
      (find-file (getenv "PREFIXD_TEST_FILE"))
      (run-hooks 'post-command-hook)
      (prefixd-test-wait "the server" (lambda () (eglot-current-server)))
      (prefixd-test-note 'root (car (project-roots (eglot--project (eglot-current-server)))))
      (goto-char (point-max))
      (prefixd-test-wait "the workspace's lv:symbol first" (lambda () (equal (prefixd-test-first-label) "lv:symbol")))
      (prefixd-test-complete (eglot-completion-at-point) "lv:symbol" 2)
      (prefixd-test-note 'completed (buffer-substring-no-properties (line-beginning-position) (line-end-position)))
      (goto-char (prefixd-test-line-position 2 12))
      (let ((hover (jsonrpc-request (eglot--current-server-or-lose) :textDocument/hover (eglot--TextDocumentPositionParams))))
        (prefixd-test-note 'hover (eglot--hover-info (plist-get hover :contents))))
      (xref-find-definitions (xref-backend-identifier-at-point (xref-find-backend)))
      (prefixd-test-note 'definition
                         (list (cons 'file (buffer-file-name))
                               (cons 'line (line-number-at-pos))
                               (cons 'text (buffer-substring-no-properties (line-beginning-position) (line-end-position)))))
      (prefixd-test-finish nil))
  (error (prefixd-test-finish (error-message-string err))))
