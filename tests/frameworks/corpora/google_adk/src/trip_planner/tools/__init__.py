"""The trip planner's function tools: every public function here is given to an agent."""
