# bpdiff's start of the debug gem's debugger (rdbg) in a Ruby program, loaded through RUBYOPT
# (`-r<this file>`, put there by hooks.ts): it opens the DAP server on a loopback port of the
# kernel's choice, holds the program at its first line until bpdiff has set the breakpoint, and only
# then says the port on stderr ("bpdiff: rdbg listens at 127.0.0.1:PORT"), where bpdiff reads it. As
# `rdbg --open` does, without rdbg's own start (which replaces RUBYOPT). rdbg prints its own port line
# as soon as it binds, while it is still setting up: a client that connects then finds it half made
# (debug 1.4.0 dies with "uninitialized constant DEBUGGER__::ThreadClient::SESSION", or lets the
# program run without the initial stop), which is why bpdiff waits for this line instead.
module BpdiffRdbg
  # This file's own `-r` word in RUBYOPT.
  def self.own_option
    ENV.fetch('RUBYOPT', '').split(/\s+/).find { |word| word.start_with?('-r') && File.expand_path(word[2..]) == File.expand_path(__FILE__) }
  end

  # `bundle exec CMD`: Bundler loads a Ruby script into its own process (Kernel.load, setting $0 to
  # it) and execs anything else (a `ruby` binary, a shell script), whose new process loads this file
  # again through RUBYOPT. Either way the debugger opens only in the program, after Bundler.setup,
  # which hides the gems the bundle does not name: where the debug gem lives is found now, for later.
  def self.bundle_exec?
    File.basename($PROGRAM_NAME) =~ /\Abundler?\z/ && ARGV.first == 'exec'
  end

  def self.start
    if bundle_exec?
      paths = begin
        Gem::Specification.find_by_name('debug').full_require_paths
      rescue StandardError, LoadError
        []
      end
      ENV['BPDIFF_RDBG_PATHS'] ||= paths.join(File::PATH_SEPARATOR) unless paths.empty?
      trace_var(:$0) do |_file|
        trace_var(:$0, nil)
        open_debugger
      end
      return
    end
    open_debugger
  end

  def self.open_debugger
    # Only this process is debugged: a Ruby it starts runs as it would (it would otherwise wait for a
    # debugger of its own that no one connects to).
    own = own_option
    ENV['RUBYOPT'] = ENV['RUBYOPT'].split(/\s+/).reject { |word| word == own }.join(' ') if own
    begin
      require 'debug/session'
    rescue LoadError
      # Under Bundler, the debug gem where it was found before Bundler.setup.
      paths = ENV.fetch('BPDIFF_RDBG_PATHS', '').split(File::PATH_SEPARATOR)
      raise if paths.empty? || paths.all? { |path| $LOAD_PATH.include?(path) }
      $LOAD_PATH.unshift(*paths)
      retry
    end
    ENV.delete('BPDIFF_RDBG_PATHS')
    # What the program writes reaches bpdiff as it writes it, as Python's does under PYTHONUNBUFFERED:
    # Ruby holds $stdout to a pipe in a buffer until the program ends, and a walk by effects would tell
    # the line that wrote it by the last line of the program.
    $stdout.sync = true
    same_minitest_seed
    note_raises
    # The program's first stop, where it waits for bpdiff, is at the start of the main script (as for
    # `ruby -r debug/open`): rdbg would otherwise put it after the `require` above, in this file,
    # before the port is said.
    script = File.expand_path($PROGRAM_NAME)
    ENV['RUBY_DEBUG_INITIAL_SUSPEND_PATH'] = script if File.file?(script)
    require 'debug/server'
    require 'debug/server_dap'
    DEBUGGER__::UI_ServerBase.prepend(SayPortAtFirstStop)
    DEBUGGER__::UI_DAP.prepend(StopOnEntry)
    DEBUGGER__::UI_DAP.prepend(ReplaceBreakpoints)
    DEBUGGER__::ThreadClient.prepend(StepOutOfReturn)
    DEBUGGER__::UI_TcpServer.prepend(NoDelay)
    DEBUGGER__::LineBreakpoint.prepend(CountPasses) if DEBUGGER__::LineBreakpoint.private_method_defined?(:safe_eval) || DEBUGGER__::LineBreakpoint.method_defined?(:safe_eval)
    DEBUGGER__.open_tcp(host: '127.0.0.1', port: 0, nonstop: false)
    ENV.delete('RUBY_DEBUG_INITIAL_SUSPEND_PATH')
  rescue LoadError => e
    warn "bpdiff: this Ruby (#{RbConfig.ruby}) has no debug gem (#{e.message}): install it with gem install debug (Ruby 3.1 and later bundle it)"
    exit!(3)
  end

  # `stopOnEntry` in the launch request (bpdiff locate's walk starts there): rdbg 1.4.0 ignores it and
  # lets the program go from its first stop at configurationDone. With it, the program stays at that
  # stop (the start of the main script) and bpdiff is told so by a `stopped` event (reason `entry`);
  # the first stepIn, next or continue lets it go.
  module StopOnEntry
    def recv_request
      loop do
        request = super
        return request unless request.is_a?(Hash)

        case request['command']
        when 'launch', 'attach'
          @bpdiff_stop_on_entry = request.dig('arguments', 'stopOnEntry') == true
        when 'configurationDone'
          if @bpdiff_stop_on_entry
            send_response request
            main = DEBUGGER__::SESSION.managed_thread_clients.find { |client| client.thread == Thread.main }
            send_event 'stopped', reason: 'entry', threadId: main ? main.id : 1, allThreadsStopped: true
            next
          end
        end
        return request
      end
    end
  end

  # setBreakpoints replaces the file's line breakpoints, as DAP says: rdbg 1.4.0 only adds them and
  # refuses a line that has one ("duplicated breakpoint"), so a breakpoint could never be taken back
  # nor changed, and bpdiff locate stepped a loop's passes one by one instead of probing a later pass
  # with a counted breakpoint and taking it away (a loop of 11,000 passes: minutes). The file's line
  # breakpoints go before rdbg adds the request's, on the thread that adds them.
  module ReplaceBreakpoints
    def recv_request
      request = super
      if request.is_a?(Hash) && request['command'] == 'setBreakpoints'
        BpdiffRdbg.clear_line_breakpoints(@session, request.dig('arguments', 'source', 'path'))
      end
      request
    end
  end

  # rdbg stops a step over a method's last line at its return event, with `_return` nil, also where
  # an exception unwinds the method, and `$!` is nil where it evaluates. The exception each thread
  # raised last, for the check in adapter.json's locate.returned.raised: BpdiffRdbg.raised(name, line),
  # the exception that left the method `name` from `line` (where the step stopped), else nil. Shown as
  # `KeyError: items`: rdbg's own `#<KeyError: items>` reads as an evaluation's error (error_value).
  def self.note_raises
    TracePoint.new(:raise) { |tp| Thread.current[:bpdiff_raised] = tp.raised_exception }.enable
  end

  Raised = Struct.new(:error) do
    def inspect
      "#{error.class.name}: #{error.message}"
    end
  end

  def self.raised(name, line)
    error = Thread.current[:bpdiff_raised]
    at = error&.backtrace_locations&.first
    at && at.label == name && at.lineno == line ? Raised.new(error) : nil
  end

  # minitest runs a file's tests in an order drawn from a seed in every run (ENV["SEED"], else at
  # random) and writes the seed first (`Run options: --seed 25481`): two runs of one test file would
  # differ in both, and nowhere else. Unless the run names a seed of its own (SEED, --seed, -s), both
  # runs get the same one, 0, as both of bpdiff's Python adapters give Python's hash seed. Set as
  # minitest starts its run, so that a program that is not a minitest run never sees SEED set.
  def self.same_minitest_seed
    return if ENV.key?('SEED')

    trace = TracePoint.new(:end) do |tp|
      next unless defined?(::Minitest) && tp.self.equal?(::Minitest) && ::Minitest.respond_to?(:run)

      trace.disable
      ::Minitest.singleton_class.prepend(MinitestSeed)
    end
    trace.enable
  end

  module MinitestSeed
    def run(args = [])
      ENV['SEED'] ||= '0' unless args.any? { |arg| arg.to_s.start_with?('--seed', '-s') }
      super
    end
  end

  def self.clear_line_breakpoints(session, path)
    return unless path.is_a?(String)

    file = begin
      File.realpath(File.expand_path(path))
    rescue SystemCallError
      return
    end
    counted = false
    session.instance_variable_get(:@bps)&.delete_if do |_key, bp|
      next false unless bp.is_a?(DEBUGGER__::LineBreakpoint) && bp.path == file

      counted ||= counts?(bp.instance_variable_get(:@cond).to_s)
      bp.delete
      true
    end
    # A hit count's passes (adapter.json's hit_count.condition) count again from the next breakpoint's first.
    $bpdiff_passes = nil if counted
  end

  # Whether a condition counts passes in $bpdiff_passes: as written, or base64 inside condition.wrap's.
  def self.counts?(condition)
    texts = [condition] + condition.scan(/'([A-Za-z0-9+\/=]*)'\.unpack1\('m0'\)/).map { |(text)| text.unpack1('m0') }
    texts.any? { |text| text.include?('$bpdiff_passes') }
  end

  # A hit count (adapter.json's hit_count.condition, inside condition.wrap's rescue) is counted here,
  # as that Ruby would count it, without rdbg's `binding.eval` of the wrap's text and the wrap's own
  # eval of the count's at every pass: Ruby compiles an eval's text each time it runs (`--hit 9001`
  # took 0.41 s against 0.27 s for `--hit 1`). With a user's condition, that condition alone is
  # evaluated, in the pass's binding, as the count's text would (one eval a pass instead of three).
  # Any other condition is rdbg's to evaluate as before.
  COUNT_ALONE = /\A\(\$bpdiff_passes = \(\$bpdiff_passes \|\| 0\) \+ 1\) >= (\d+)\z/
  COUNT_WITH = /\Abinding\.eval\('([A-Za-z0-9+\/=]*)'\.unpack1\('m0'\)\) \? \(\(\$bpdiff_passes = \(\$bpdiff_passes \|\| 0\) \+ 1\) >= (\d+)\) : false\z/
  WRAPPED = /\A\(begin; binding\.eval\('([A-Za-z0-9+\/=]*)'\.unpack1\('m0'\)\); rescue ::Exception; true; end\)\z/

  # How a condition counts, when it is a hit count (wrapped or not): [N, the user's condition or nil]; else nil.
  def self.count_of(expr)
    wrapped = WRAPPED.match(expr)
    text = wrapped ? wrapped[1].unpack1('m0') : expr
    alone = COUNT_ALONE.match(text)
    return [alone[1].to_i, nil] if alone

    with = COUNT_WITH.match(text)
    with && [with[2].to_i, with[1].unpack1('m0')]
  end

  module CountPasses
    def safe_eval(binding, expr)
      @bpdiff_counts ||= {}
      count = @bpdiff_counts.fetch(expr) { @bpdiff_counts[expr] = expr.is_a?(String) ? BpdiffRdbg.count_of(expr) : nil }
      return super unless count

      wanted, condition = count
      begin
        return false if condition && !binding.eval(condition)

        ($bpdiff_passes = ($bpdiff_passes || 0) + 1) >= wanted
      rescue ::Exception
        true
      end
    end
  end

  # stepOut (rdbg's `finish`) from a stop at a method's return: rdbg 1.4.0 goes on to the next return
  # at that depth, which is another method's (later versions, to the caller's return): the rest of
  # the caller runs unseen. A `require` that rubygems' Kernel#require serves is left that way, and the
  # walk went from `require 'calc'` to the return of the first Calc method called, the lines before
  # and in it never stepped. From a return, the step out stops at the caller's next line or return
  # instead: the next event in a frame above the one returning.
  module StepOutOfReturn
    def step_tp(iter, events = %i[line b_return return], &condition)
      frame = @target_frames&.first
      return super unless events == %i[return b_return] && frame&.has_return_value

      returning = frame.frame_depth
      # The same `- 3` as rdbg's own conditions: this block is called as theirs are.
      super(iter, %i[line return b_return]) { |_event| DEBUGGER__.frame_depth - 3 < returning }
    end
  end

  # TCP_NODELAY on the connection rdbg accepts from bpdiff: rdbg answers a step and then sends its
  # `stopped` event, two small writes, and Nagle's algorithm held the event until bpdiff acknowledged
  # the answer, which Linux delays up to 40 ms: every step of a walk waited that long (~55 ms a step
  # of which ~40 between the answer and the event). A socket that refuses the option is used as it is.
  module NoDelay
    def accept
      super do |sock, *rest, **options|
        begin
          sock.setsockopt(Socket::IPPROTO_TCP, Socket::TCP_NODELAY, 1)
        rescue StandardError
          nil
        end
        yield sock, *rest, **options
      end
    end
  end

  # The port is said when the program has come to its first stop and rdbg's session waits there for
  # a command (its first readline, on rdbg's own thread), not as the main thread leaves this file: a
  # client connecting makes rdbg pause the program wherever it is, and a pause that caught the main
  # thread still in this file stopped it here instead of at the script's start (1 locate walk in 4
  # side by side started in bpdiff_rdbg.rb, and rdbg dropped the connection now and then).
  module SayPortAtFirstStop
    def readline(prompt)
      BpdiffRdbg.say_port(self) unless @bpdiff_port_said
      @bpdiff_port_said = true
      super
    end
  end

  # The address rdbg's server thread bound (debug 1.4's @addr, "127.0.0.1:PORT"; later versions'
  # @local_addr), once it has.
  def self.say_port(ui)
    deadline = Process.clock_gettime(Process::CLOCK_MONOTONIC) + 10
    loop do
      address = %i[@addr @local_addr].map { |name| ui.instance_variable_get(name) }.compact.first
      address = address.first if address.is_a?(Array)
      text = address.respond_to?(:inspect_sockaddr) ? address.inspect_sockaddr : address.to_s
      if (port = text[/:(\d+)\z/, 1])
        $stderr.puts "bpdiff: rdbg listens at 127.0.0.1:#{port}"
        $stderr.flush
        return
      end
      if Process.clock_gettime(Process::CLOCK_MONOTONIC) > deadline
        warn "bpdiff: cannot tell which port rdbg (debug #{DEBUGGER__::VERSION}) listens on"
        exit!(3)
      end
      sleep 0.002
    end
  end
end

BpdiffRdbg.start
